import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

const DAY_MS = 86_400_000;
const keys = new Map<string, KeyObject>();

/** A key of the server's, derived from a secret every node shares, for one use. */
function keyFor(secret: string, use: string): KeyObject {
  const name = `${use}\n${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = createSecretKey(createHmac("sha256", secret).update(use).digest());
    keys.set(name, key);
  }
  return key;
}

const digest = (key: KeyObject, ...parts: string[]) =>
  createHmac("sha256", key).update(parts.join("\n")).digest("base64url").slice(0, 22);

/**
 * Who watched: the player's own viewer id (`uid`) when it sends one, else a hash of the page's
 * domain, the user agent and the address under a salt that changes every UTC day, so the same
 * person is one viewer within a day and cannot be followed across days. The address itself is
 * never stored.
 */
export function viewerId(
  secret: string,
  input: { uid?: string; domain?: string; userAgent?: string; address: string },
  now: number,
): string {
  if (input.uid) return input.uid;
  const day = Math.floor(now / DAY_MS);
  return `h:${digest(keyFor(secret, `viewer of day ${day}`), input.domain ?? "", input.userAgent ?? "", input.address)}`;
}

/** The name a per-address rate limit counts under: a keyed hash, so the limiter's store holds no address. */
export function addressKey(secret: string, address: string): string {
  return digest(keyFor(secret, "viewer address"), address);
}
