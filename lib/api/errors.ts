import { log } from "@/lib/log/log";
import { currentRequestId } from "@/lib/log/request-context";
import { isNamedError } from "@/lib/named-error";

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

/** The `{"errors": [...]}` answer for an error; anything unexpected is logged and answered 500. */
export function errorResponse(error: unknown): Response {
  if (isNamedError<ApiError>(error, "ApiError")) {
    return Response.json({ errors: error.messages }, { status: error.status, headers: error.headers });
  }
  log.error("api", "unexpected error", error);
  const requestId = currentRequestId();
  const message = requestId ? `internal server error (request ${requestId})` : "internal server error";
  return Response.json({ errors: [message] }, { status: 500 });
}
