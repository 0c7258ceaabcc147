import pino from "pino";
import { describeError } from "./describe-error";
import { currentLogContext } from "./request-context";

/**
 * Paths the logger blanks whatever code passes it: callers never pass credentials, and this is
 * the second line of defence should one slip into a logged object.
 */
export const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "secret",
  "jwt",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.token",
  "*.secret",
  "*.jwt",
  "*.apiKey",
  "*.apiSecret",
  "*.sharedSecret",
  "*.privateKey",
  'headers["authorization"]',
  'headers["cookie"]',
  'headers["x-api-key"]',
];

const holder = globalThis as typeof globalThis & { __videoAssetLogger?: pino.Logger };

/** The service's logger configuration, writing to `destination` (stdout when none is given). */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: process.env.LOG_LEVEL ?? "info",
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    mixin: () => ({ ...currentLogContext() }),
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One JSON object a line on stdout (pino): level, time, scope, msg, and the request id and task
 * id of the work that wrote it. Kept on globalThis: instrumentation.ts and the routes are
 * bundled apart, and both must write through one stream.
 */
function logger(): pino.Logger {
  holder.__videoAssetLogger ??= createLogger();
  return holder.__videoAssetLogger;
}

type Fields = Record<string, string | number | boolean | undefined>;

/**
 * Errors are described by describeError only, so no request body, header, token or query
 * parameter reaches the log through an error object.
 */
function write(level: "info" | "warn" | "error", scope: string, message: string, error?: unknown, fields?: Fields) {
  logger()[level]({ scope, ...fields, ...(error !== undefined && { err: describeError(error) }) }, message);
}

export const log = {
  info: (scope: string, message: string, fields?: Fields) => write("info", scope, message, undefined, fields),
  warn: (scope: string, message: string, error?: unknown) => write("warn", scope, message, error),
  error: (scope: string, message: string, error?: unknown) => write("error", scope, message, error),
};
