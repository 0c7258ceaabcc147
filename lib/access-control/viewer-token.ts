import { createPublicKey, verify } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { AssetRow, SigningKeyRow } from "@/lib/db/schema";
import { findSigningKeyByPublicKey, touchSigningKey } from "@/lib/db/signing-keys";

/** lastSeen is a hint for people: written at most once a minute per key, not on every view. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const claimsSchema = z.object({
  sub: z.string({ error: "sub (the playbackId) is required" }),
  pub: z.string({ error: "pub (the signing key's public key) is required" }),
  exp: z.number({ error: "exp (the expiry, in seconds) is required" }),
  action: z.literal("pull", { error: 'action must be "pull"' }).optional(),
  iss: z.string({ error: "iss must be a string" }).optional(),
});

export type ViewerTokenVerdict = { key: SigningKeyRow } | { refused: string };

/**
 * Livepeer's viewer token (DESIGN.md section 11): a JWT signed ES256 by one of the asset owner's
 * enabled signing keys, naming that key in `pub`, the asset's playbackId in `sub`, and not expired.
 * The signature is checked before any claim is believed.
 */
export async function verifyViewerToken(db: Db, token: string, asset: AssetRow, now: number): Promise<ViewerTokenVerdict> {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    return refused("is not a JWT (three base64url parts separated by dots)");
  }
  const header = decodeJson(parts[0]);
  const payload = decodeJson(parts[1]);
  if (!header || !payload) return refused("is malformed: its header and payload must be JSON objects");
  if (header.alg !== "ES256") return refused(`must be signed with ES256, not ${JSON.stringify(header.alg ?? null)}`);
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return refused(`is malformed: ${claims.error.issues.map((issue) => issue.message).join("; ")}`);
  const { sub, pub, exp } = claims.data;

  const key = await findSigningKeyByPublicKey(db, pub);
  if (!key) return refused("names a signing key (pub) that does not exist or was deleted");
  if (!signatureHolds(key.publicKey, `${parts[0]}.${parts[1]}`, parts[2])) return refused("has an invalid signature");
  if (key.userId !== asset.userId) return refused("is signed with a key of another account than this video's owner");
  if (key.disabled) return refused("is signed with a disabled signing key");
  if (sub !== asset.playbackId) return refused("is for another playbackId (sub)");
  if (exp * 1000 <= now) return refused(`expired at ${new Date(exp * 1000).toISOString()}`);

  if (key.lastSeenAt === null || now - key.lastSeenAt >= LAST_SEEN_RESOLUTION_MS) {
    await touchSigningKey(db, key.id, now, LAST_SEEN_RESOLUTION_MS);
  }
  return { key };
}

const refused = (why: string): ViewerTokenVerdict => ({ refused: `the playback token (jwt) ${why}` });

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** JWS's ES256 signature is r‖s (IEEE P1363), not DER. */
function signatureHolds(publicKey: string, signed: string, signature: string): boolean {
  try {
    const key = createPublicKey(Buffer.from(publicKey, "base64").toString("utf8"));
    return verify("sha256", Buffer.from(signed), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  } catch {
    return false;
  }
}
