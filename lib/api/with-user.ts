import { getApp, type App } from "@/lib/app/app";
import { authenticateRequest, type Caller } from "@/lib/auth/authenticate-request";
import { errorResponse } from "./errors";
import { publicOrigin } from "./origin";

type RouteParams = Record<string, string>;

interface RouteContext<P extends RouteParams> {
  params: Promise<P>;
}

export interface PublicHandlerContext<P extends RouteParams> {
  request: Request;
  url: URL;
  params: P;
  app: App;
  /** Public base URL of this service. */
  origin: string;
}

export interface UserHandlerContext<P extends RouteParams> extends PublicHandlerContext<P> {
  caller: Caller;
}

/** Wraps a route handler that needs no caller: app, params, origin and the error shape. */
export function withPublic<P extends RouteParams = RouteParams>(
  handler: (ctx: PublicHandlerContext<P>) => Promise<Response>,
) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      const app = await getApp();
      const params = await context.params;
      const origin = publicOrigin(request, app.config.appUrl);
      return await handler({ request, url: new URL(request.url), params, app, origin });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Like withPublic, for endpoints that act for an authenticated caller (401 otherwise). */
export function withUser<P extends RouteParams = RouteParams>(
  handler: (ctx: UserHandlerContext<P>) => Promise<Response>,
) {
  return withPublic<P>(async (ctx) => handler({ ...ctx, caller: await authenticateRequest(ctx.request, ctx.app) }));
}
