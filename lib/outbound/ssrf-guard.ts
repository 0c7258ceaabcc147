import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import { embeddedIpv4 } from "./embedded-ipv4";

/**
 * Server-side request forgery guard for every destination a user chooses (export URLs, webhooks):
 * a URL whose host is, or resolves to, an address inside the service's own networks is refused,
 * unless its `host:port` is listed in EXPORT_ALLOWED_HOSTS. The check runs when the export is requested and again when the
 * connection is made, against the address actually dialled, so DNS rebinding cannot bypass it.
 */
export class DestinationRefusedError extends Error {}

export type Resolver = (hostname: string) => Promise<dns.LookupAddress[]>;

const resolveAll: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

function blockList(ipv4: string[], ipv6: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const subnet of ipv4) list.addSubnet(subnet.split("/")[0], Number(subnet.split("/")[1]), "ipv4");
  for (const subnet of ipv6) list.addSubnet(subnet.split("/")[0], Number(subnet.split("/")[1]), "ipv6");
  return list;
}

// IPv4 rules also match IPv4-mapped IPv6 addresses (::ffff:a.b.c.d).
const FORBIDDEN: Array<[string, net.BlockList]> = [
  ["unspecified", blockList(["0.0.0.0/8"], ["::/128"])],
  ["loopback", blockList(["127.0.0.0/8"], ["::1/128"])],
  ["private", blockList(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "192.0.0.0/24", "198.18.0.0/15"], [])],
  ["link-local", blockList(["169.254.0.0/16"], ["fe80::/10"])],
  ["unique-local", blockList([], ["fc00::/7"])],
  ["multicast", blockList(["224.0.0.0/4"], ["ff00::/8"])],
  // IPv4-compatible and NAT64 addresses can carry any of the IPv4 addresses above.
  ["reserved", blockList(["240.0.0.0/4"], ["::/96", "64:ff9b::/96", "64:ff9b:1::/48"])],
];

/**
 * Why an address may not be dialled, or undefined when it may. IPv6 addresses that carry an
 * IPv4 address (6to4, Teredo) are judged by that address too.
 */
export function forbiddenAddressKind(address: string): string | undefined {
  const family = net.isIP(address);
  if (family === 0) return "invalid";
  const type = family === 4 ? "ipv4" : "ipv6";
  const own = FORBIDDEN.find(([, list]) => list.check(address, type))?.[0];
  if (own) return own;
  for (const ipv4 of embeddedIpv4(address)) {
    const carried = forbiddenAddressKind(ipv4);
    if (carried) return `${carried} (carried in IPv6)`;
  }
  return undefined;
}

function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

function isAllowedHost(url: URL, allowedHosts: string[]): boolean {
  return allowedHosts.includes(`${url.hostname.toLowerCase()}:${portOf(url)}`);
}

function refusal(url: URL, address: string, kind: string): DestinationRefusedError {
  const host = hostnameOf(url);
  const where = host === address ? address : `${host} (${address})`;
  return new DestinationRefusedError(
    `${where} is a ${kind} address; the service sends only to public addresses, unless EXPORT_ALLOWED_HOSTS lists ${url.hostname.toLowerCase()}:${portOf(url)}`,
  );
}

/**
 * What a connection to `url` must use: nothing for an allowed host or a public IP literal, else a
 * `lookup` that refuses forbidden addresses. Throws for a forbidden IP literal, which Node
 * dials without any lookup.
 */
export function connectGuard(url: URL, allowedHosts: string[], resolve: Resolver = resolveAll): { lookup?: LookupFunction } {
  if (isAllowedHost(url, allowedHosts)) return {};
  const host = hostnameOf(url);
  if (net.isIP(host)) {
    const kind = forbiddenAddressKind(host);
    if (kind) throw refusal(url, host, kind);
    return {};
  }
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const { address } of addresses) {
          const kind = forbiddenAddressKind(address);
          if (kind) return callback(refusal(url, address, kind), "", 0);
        }
        const usable = addresses.filter((a) => !options.family || a.family === options.family);
        if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no usable address`), { code: "ENOTFOUND" }), "", 0);
        if (options.all) return callback(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
  return { lookup };
}

/** The request-time check: resolves the host now and refuses forbidden addresses. */
export async function checkDestination(url: URL, allowedHosts: string[], resolve: Resolver = resolveAll): Promise<void> {
  const { lookup } = connectGuard(url, allowedHosts, resolve);
  if (!lookup) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await resolve(hostnameOf(url));
  } catch {
    throw new DestinationRefusedError(`the host ${hostnameOf(url)} does not resolve`);
  }
  for (const { address } of addresses) {
    const kind = forbiddenAddressKind(address);
    if (kind) throw refusal(url, address, kind);
  }
}
