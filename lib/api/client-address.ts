/**
 * The address a request came from, for per-address throttles: the last hop of X-Forwarded-For.
 * Next.js fills that header with the connection's address when the client sent none; a proxy in
 * front appends the address it was reached from. A client reaching the service without a proxy
 * can name itself in that header, so per-address limits always go with per-account ones.
 */
export function clientAddress(headers: Headers): string {
  const hops = headers.get("x-forwarded-for")?.split(",").map((hop) => hop.trim()).filter(Boolean);
  return hops?.at(-1)?.toLowerCase() ?? "unknown";
}
