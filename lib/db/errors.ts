/** A unique index refused a row (PostgreSQL's 23505), anywhere in the error's causes. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A transaction could not begin: the database could not be reached (the socket's error is the cause). */
export class DatabaseUnreachableError extends Error {
  override readonly name = "DatabaseUnreachableError";
  readonly code = "DATABASE_UNREACHABLE";
}

/** postgres.js's own codes for a connection it lost or could not make, and DatabaseUnreachableError's. */
const CONNECTION_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "DATABASE_UNREACHABLE"]);
/** SQLSTATE classes 08 (connection exception) and 57P (the server shutting down or starting up). */
const UNAVAILABLE_STATE = /^(08...|57P0[1-3])$/;
/** The operating system's answers for a peer that cannot be reached. */
export const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * The database could not be reached or dropped the connection (not a query it refused): a
 * postgres.js connection error, or a network error from a query (Drizzle wraps those, with the
 * query and its parameters, which are never logged).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let fromQuery = false;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if ("query" in e && "params" in e) fromQuery = true;
    if (fromQuery && typeof code === "string" && NETWORK_CODES.has(code)) return true;
  }
  return false;
}


/**
 * A transaction's failure as thrown, unless its connection failed: postgres.js then throws the
 * socket's own error (ECONNRESET…), not wrapped by Drizzle as a query's, so isDatabaseUnavailable
 * could not tell it from any other network error; it becomes a DatabaseUnreachableError. What runs
 * inside a transaction talks to nothing but the database.
 */
export function transactionFailure(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (!isDatabaseUnavailable(error) && typeof code === "string" && NETWORK_CODES.has(code)) {
    return new DatabaseUnreachableError("the database could not be reached", { cause: error });
  }
  return error;
}
