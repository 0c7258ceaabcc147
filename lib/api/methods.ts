import { ApiError, errorResponse } from "./errors";

/** What Next.js passes: catch-all segments arrive as arrays. */
export type RawParams = Record<string, string | string[] | undefined>;

export interface RouteContext {
  params: Promise<RawParams> | Promise<Record<string, string>>;
}

/** A route file's handler of one method, as Next.js calls it. */
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

/** The handlers methods() makes itself: refusals, HEAD from GET, and the OPTIONS that lists `Allow`. */
const generated = new WeakSet<RouteHandler>();

/** The methods a route file's exports answer with handlers of their own (the ones its API documents). */
export function implementedMethods(exports: Partial<Record<string, unknown>>): Method[] {
  return METHODS.filter((m) => typeof exports[m] === "function" && !generated.has(exports[m] as RouteHandler));
}

/**
 * Every HTTP method of a route file: the given handlers, HEAD from GET, OPTIONS listing what is
 * allowed, and 405 `{errors}` with `Allow` for the rest (Next.js would answer an empty 405).
 * Route files export all of them: `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({...})`.
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allowed = METHODS.filter((m) => handlers[m] || (m === "HEAD" && handlers.GET) || m === "OPTIONS");
  const allow = allowed.join(", ");
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(new ApiError(405, [`method ${request.method} is not allowed here; use ${allow}`], { Allow: allow }));
  const head: RouteHandler | undefined = handlers.GET && (async (request, context) => withoutBody(await handlers.GET!(request, context)));
  // A route's own OPTIONS (a CORS preflight) answers with Allow too.
  const options: RouteHandler = async (request, context) => {
    const answer = handlers.OPTIONS ? await handlers.OPTIONS(request, context) : new Response(null, { status: 204 });
    answer.headers.set("Allow", allow);
    return answer;
  };
  [notAllowed, head, options].forEach((handler) => handler && generated.add(handler));
  return Object.fromEntries(
    METHODS.map((m) => [m, m === "OPTIONS" ? options : (handlers[m] ?? (m === "HEAD" ? head : undefined) ?? notAllowed)]),
  ) as Record<Method, RouteHandler>;
}

function withoutBody(response: Response): Response {
  void response.body?.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
