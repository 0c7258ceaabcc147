/**
 * A one-line description of an error that is safe to log: its class, code and message, and the
 * same for its causes. Never its other properties: a database error carries the query's
 * parameters (credentials among them), and an HTTP error may carry headers.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let current: unknown = error; current !== undefined && current !== null && !seen.has(current); ) {
    seen.add(current);
    parts.push(describeOne(current));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(" <- ");
}

function describeOne(error: unknown): string {
  if (!(error instanceof Error)) return `thrown ${typeof error}`;
  const code = (error as { code?: unknown }).code;
  const label = `${className(error)}${typeof code === "string" || typeof code === "number" ? ` [${code}]` : ""}`;
  // Drizzle puts the SQL and every parameter in the message; the cause says what went wrong.
  if (isQueryError(error)) return `${label}: database query failed`;
  return `${label}: ${error.message}`;
}

/** Libraries such as Auth.js name their errors by a `type`, which survives minification. */
function className(error: Error): string {
  const type = (error as { type?: unknown }).type;
  if (typeof type === "string" && type) return type;
  const ownName = error.name && error.name !== "Error" ? error.name : undefined;
  return ownName ?? error.constructor?.name ?? "Error";
}

function isQueryError(error: Error): boolean {
  return "params" in error && "query" in error;
}
