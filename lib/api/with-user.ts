import type { z } from "zod";
import { getApp, type App } from "@/lib/app/app";
import { authenticateRequest, type Caller } from "@/lib/auth/authenticate-request";
import { answerIdempotently } from "@/lib/idempotency/answer-idempotently";
import { readIdempotencyKey, requestFingerprint } from "@/lib/idempotency/idempotency-key";
import { withRequestId } from "@/lib/log/request-context";
import { errorResponse } from "./errors";
import { publicOrigin } from "./origin";
import { parseJsonText, parseQuery } from "./parse";
import { readBodyText } from "./read-body";

type RouteParams = Record<string, string>;

export interface RouteContext {
  params: Promise<RouteParams>;
}

export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export interface RouteOptions<B extends z.ZodType, Q extends z.ZodType> {
  /** The JSON body's schema; the body is read within MAX_JSON_BODY_BYTES, then validated (422). */
  body?: B;
  /** An empty body reads as `{}`, for endpoints whose body is optional. */
  optionalBody?: boolean;
  /** The query's schema (400 naming the parameter). */
  query?: Q;
  /**
   * Honours an `Idempotency-Key` header (lib/idempotency): checked after the caller and the body,
   * it makes a retried request answer what the first one did instead of running again.
   */
  idempotent?: boolean;
}

export interface PublicHandlerContext<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown> {
  request: Request;
  url: URL;
  params: RouteParams;
  app: App;
  /** Public base URL of this service. */
  origin: string;
  body: z.output<B>;
  query: z.output<Q>;
}

export interface UserHandlerContext<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown>
  extends PublicHandlerContext<B, Q> {
  caller: Caller;
}

type Handler<C> = (ctx: C) => Promise<Response>;

/** Wraps a route handler that needs no caller: app, params, body, query, request id and the error shape. */
export function withPublic<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown>(
  options: RouteOptions<B, Q>,
  handler: Handler<PublicHandlerContext<B, Q>>,
): RouteHandler;
export function withPublic(handler: Handler<PublicHandlerContext>): RouteHandler;
export function withPublic(
  first: RouteOptions<z.ZodType, z.ZodType> | Handler<PublicHandlerContext>,
  second?: Handler<PublicHandlerContext>,
): RouteHandler {
  const [options, handler] = typeof first === "function" ? [{}, first] : [first, second!];
  return route(async (base) => {
    const { body, query } = await readInput(options, base);
    return handler({ ...base, body, query });
  });
}

/** Like withPublic, for endpoints that act for an authenticated caller (401 otherwise), checked before the body is read. */
export function withUser<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown>(
  options: RouteOptions<B, Q>,
  handler: Handler<UserHandlerContext<B, Q>>,
): RouteHandler;
export function withUser(handler: Handler<UserHandlerContext>): RouteHandler;
export function withUser(
  first: RouteOptions<z.ZodType, z.ZodType> | Handler<UserHandlerContext>,
  second?: Handler<UserHandlerContext>,
): RouteHandler {
  const [options, handler] = typeof first === "function" ? [{}, first] : [first, second!];
  return route(async (base) => {
    const caller = await authenticateRequest(base.request, base.app);
    const { text, ...input } = await readInput(options, base);
    const handle = () => handler({ ...base, caller, ...input });
    const key = options.idempotent ? readIdempotencyKey(base.request.headers) : undefined;
    if (key === undefined) return handle();
    const fingerprint = requestFingerprint(base.request.method, base.url.pathname, text ?? "");
    return answerIdempotently(base.app, { userId: caller.userId, key, fingerprint }, handle);
  });
}

type BaseContext = Omit<PublicHandlerContext, "body" | "query">;

function route(run: (base: BaseContext) => Promise<Response>): RouteHandler {
  return (request, context) =>
    withRequestId(async (requestId) => {
      let response: Response;
      try {
        const app = await getApp();
        const params = await context.params;
        const origin = publicOrigin(request, app.config.appUrl);
        response = await run({ request, url: new URL(request.url), params, app, origin });
      } catch (error) {
        response = errorResponse(error);
      }
      return withHeader(response, "X-Request-Id", requestId);
    });
}

/** Responses made by libraries (redirects, Auth.js) may have immutable headers. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

async function readInput(options: RouteOptions<z.ZodType, z.ZodType>, base: BaseContext) {
  const query = options.query ? parseQuery(base.url, options.query) : undefined;
  if (!options.body) return { body: undefined, query, text: undefined };
  const text = await readBodyText(base.request, base.app.config.maxJsonBodyBytes);
  const body = parseJsonText(options.optionalBody && text.trim() === "" ? "{}" : text, options.body);
  return { body, query, text };
}
