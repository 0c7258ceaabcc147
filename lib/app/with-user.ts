import type { z } from "zod";
import { withinDatabaseDeadline } from "@/lib/api/database-deadline";
import { errorResponse } from "@/lib/api/errors";
import type { RawParams, RouteHandler } from "@/lib/api/methods";
import { publicOrigin } from "@/lib/api/origin";
import { parseJsonText, parseQuery } from "@/lib/api/parse";
import { readBodyText } from "@/lib/api/read-body";
import { authenticateRequest, type Caller } from "@/lib/auth/authenticate-request";
import { answerIdempotently } from "@/lib/idempotency/answer-idempotently";
import { readIdempotencyKey, requestFingerprint } from "@/lib/idempotency/idempotency-key";
import { rateLimitHeaders } from "@/lib/limits/api-rate-limiter";
import { log } from "@/lib/log/log";
import { requestIdFrom, withRequestId } from "@/lib/log/request-context";
import { metrics } from "@/lib/metrics/metrics";
import { routeTemplate } from "@/lib/metrics/route-template";
import { getApp, type App } from "./app";

type RouteParams = Record<string, string>;

export interface RouteOptions<B extends z.ZodType, Q extends z.ZodType> {
  /** The JSON body's schema; the body is read within MAX_JSON_BODY_BYTES, then validated (422). */
  body?: B;
  /** The body's limit in bytes when larger than MAX_JSON_BODY_BYTES (a file sent inline). */
  maxBodyBytes?: number;
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
    const fingerprint = key === undefined ? "" : requestFingerprint(base.request.method, base.url.pathname, text ?? "");
    const response = key === undefined ? await handle() : await answerIdempotently(base.app, { userId: caller.userId, key, fingerprint }, handle);
    if (!caller.rateLimit) return response;
    return Object.entries(rateLimitHeaders(caller.rateLimit)).reduce((answer, [name, value]) => withHeader(answer, name, value), response);
  });
}

type BaseContext = Omit<PublicHandlerContext, "body" | "query">;

/**
 * Every API request: its id (the client's `X-Request-Id`, or a new one) on each log line it
 * causes and on its answer, the `{errors}` shape, one log line and the metrics when it is
 * answered. Logged and counted by route template, never by the path (ids) or the query.
 */
function route(run: (base: BaseContext) => Promise<Response>): RouteHandler {
  return (request, context) => {
    const requestId = requestIdFrom(request.headers);
    return withRequestId(requestId, async () => {
      const started = performance.now();
      const url = new URL(request.url);
      let template = url.pathname;
      let response: Response;
      try {
        const raw: RawParams = (await context.params) ?? {};
        template = routeTemplate(url.pathname, raw);
        const params = raw as RouteParams;
        const app = await getApp();
        const origin = publicOrigin(request, app.config.appUrl);
        response = await withinDatabaseDeadline(app.database.db, run({ request, url, params, app, origin }));
      } catch (error) {
        response = errorResponse(error);
      }
      observe(request.method, template, response.status, (performance.now() - started) / 1000);
      return withHeader(response, "X-Request-Id", requestId);
    });
  };
}

function observe(method: string, route: string, status: number, seconds: number) {
  const labels = { route, method, status: String(status) };
  const { requests, requestDuration } = metrics();
  requests.inc(labels);
  requestDuration.observe(labels, seconds);
  log.info("http", "answered", { method, route, status, ms: Math.round(seconds * 1000) });
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
  const text = await readBodyText(base.request, Math.max(options.maxBodyBytes ?? 0, base.app.config.maxJsonBodyBytes));
  const body = parseJsonText(options.optionalBody && text.trim() === "" ? "{}" : text, options.body);
  return { body, query, text };
}
