import net from "node:net";

/**
 * Which proxies in front of the service may name the client (TRUST_PROXY): none (unset: the
 * address the connection came from is the client's), a number of hops (that many proxies stand in
 * front, each appending the address it was reached from to X-Forwarded-For), or the proxies'
 * addresses and CIDR ranges (whichever of them the request passed through is skipped).
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; proxies: net.BlockList };

/** TRUST_PROXY's value: empty, a hop count, or a comma-separated list of addresses and CIDRs; a message names what is wrong. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text.toLowerCase() === "false") return { kind: "none" };
  if (/^\d+$/.test(text)) return { kind: "hops", hops: Number(text) };
  const proxies = new net.BlockList();
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const [address, prefix, extra] = entry.split("/");
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor an IP address or CIDR range`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return { kind: "addresses", proxies };
}
