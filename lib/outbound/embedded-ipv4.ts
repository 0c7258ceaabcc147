import net from "node:net";

/** The 16 bytes of an IPv6 address (which must be valid), zone id ignored. */
function ipv6Bytes(address: string): number[] {
  let text = address.split("%")[0].toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array(missing).fill("0"), ...groups(tail)];
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const dottedQuad = (bytes: number[]) => bytes.join(".");

const zeros = (bytes: number[]) => bytes.every((b) => b === 0);

/**
 * The IPv4 addresses an IPv6 address carries, for every form whose traffic may reach an IPv4
 * host: in the last 32 bits, IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96),
 * IPv4-compatible (::/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and ISATAP (an interface id of
 * 0:5efe or 200:5efe); 6to4 (2002::/16, the relay's target in bits 16-47) and Teredo
 * (2001::/32: the server in bits 32-63, the client inverted in the last 32 bits).
 */
export function embeddedIpv4(address: string): string[] {
  if (net.isIP(address) !== 6) return [];
  const bytes = ipv6Bytes(address);
  const last = dottedQuad(bytes.slice(12, 16));
  const mapped = zeros(bytes.slice(0, 10)) && bytes[10] === 0xff && bytes[11] === 0xff;
  const translated = zeros(bytes.slice(0, 8)) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(bytes.slice(10, 12));
  const compatible = zeros(bytes.slice(0, 12));
  const nat64 = bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b;
  const isatap = (bytes[8] === 0 || bytes[8] === 0x02) && bytes[9] === 0 && bytes[10] === 0x5e && bytes[11] === 0xfe;
  if (mapped || translated || compatible || nat64 || isatap) return [last];
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return [dottedQuad(bytes.slice(2, 6))];
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) {
    return [dottedQuad(bytes.slice(4, 8)), dottedQuad(bytes.slice(12, 16).map((b) => b ^ 0xff))];
  }
  return [];
}
