import net from "node:net";
import type { TrustProxy } from "@/lib/config/trust-proxy";

/**
 * The address a request came from, for per-address throttles and the viewer hash; every use goes
 * through here. The chain is X-Forwarded-For with the connection's own address last: the server
 * appends it to every request (lib/lifecycle/connection-address.ts), as a proxy does, so whatever
 * a client writes in the header stands to its left. Only TRUST_PROXY lets the chain be read
 * further left: by a number of hops, or past the listed proxies. X-Real-IP and Forwarded are never
 * read: a proxy that sets them sets X-Forwarded-For too.
 */
export function clientAddress(headers: Headers, trust: TrustProxy): string {
  const chain = (headers.get("x-forwarded-for") ?? "").split(",").map(normalized).filter(Boolean);
  if (chain.length === 0) return "unknown";
  const last = chain.length - 1;
  if (trust.kind === "none") return chain[last];
  if (trust.kind === "hops") return chain[Math.max(0, last - trust.hops)];
  for (let index = last; index > 0; index--) {
    if (!isTrusted(trust.proxies, chain[index])) return chain[index];
  }
  return chain[0];
}

function isTrusted(proxies: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && proxies.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** One hop as written: trimmed, lower-case, an IPv4-mapped IPv6 address as its IPv4 one. */
function normalized(hop: string): string {
  const address = hop.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  return mapped ? mapped[1] : address;
}
