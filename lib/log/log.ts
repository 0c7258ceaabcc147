import { describeError } from "./describe-error";
import { currentRequestId } from "./request-context";

type Level = "info" | "warn" | "error";

/**
 * The service's log lines: `[scope] message: <error class [code]: message> (request <id>)`.
 * Errors are described by describeError only, so no request body, header, token or query
 * parameter reaches the log through an error object.
 */
function write(level: Level, scope: string, message: string, error?: unknown) {
  const requestId = currentRequestId();
  const line = `[${scope}] ${message}${error === undefined ? "" : `: ${describeError(error)}`}${requestId ? ` (request ${requestId})` : ""}`;
  console[level](line);
}

export const log = {
  info: (scope: string, message: string) => write("info", scope, message),
  warn: (scope: string, message: string, error?: unknown) => write("warn", scope, message, error),
  error: (scope: string, message: string, error?: unknown) => write("error", scope, message, error),
};
