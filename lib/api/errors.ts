import { isDatabaseUnavailable } from "@/lib/db/errors";
import { log } from "@/lib/log/log";
import { currentRequestId } from "@/lib/log/request-context";
import { isNamedError } from "@/lib/named-error";
import { isOutOfSpace, isStorageUnavailable } from "@/lib/storage/errors";

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.join("; "));
  }
}

export const badRequest = (message: string) => new ApiError(400, [message]);
export const unauthorized = (message = "missing or invalid API token") => new ApiError(401, [message]);
export const forbidden = (message: string) => new ApiError(403, [message]);
export const notFound = (what = "not found") => new ApiError(404, [what]);
export const conflict = (message: string) => new ApiError(409, [message]);
export const payloadTooLarge = (message: string) => new ApiError(413, [message]);
export const unprocessable = (messages: string[]) => new ApiError(422, messages);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, [message], { "Retry-After": String(retryAfterSeconds) });

/** Seconds a client is asked to wait while a dependency is down: about how long a restart or a failover takes. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** A dependency that is down, said plainly (DESIGN.md section 16), rather than as a bare 500. */
export function dependencyError(error: unknown): ApiError | undefined {
  const retryAfter = { "Retry-After": String(DEPENDENCY_RETRY_AFTER_SECONDS) };
  if (isDatabaseUnavailable(error)) return new ApiError(503, ["the database is unavailable; try again shortly"], retryAfter);
  if (isStorageUnavailable(error)) return new ApiError(503, ["the object storage is unavailable; try again shortly"], retryAfter);
  if (isOutOfSpace(error)) return new ApiError(507, ["the server is out of storage space"]);
  return undefined;
}

/** The `{"errors": [...]}` answer for an error; anything unexpected is logged and answered 500. */
export function errorResponse(error: unknown): Response {
  if (isNamedError<ApiError>(error, "ApiError")) {
    return Response.json({ errors: error.messages }, { status: error.status, headers: error.headers });
  }
  const dependency = dependencyError(error);
  if (dependency) {
    log.warn("api", `answered ${dependency.status}: ${dependency.messages[0]}`, error);
    return errorResponse(dependency);
  }
  log.error("api", "unexpected error", error);
  const requestId = currentRequestId();
  const message = requestId ? `internal server error (request ${requestId})` : "internal server error";
  return Response.json({ errors: [message] }, { status: 500 });
}
