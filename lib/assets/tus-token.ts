import { signFields, verifyFields } from "@/lib/storage/signed-url";
import { isUuid } from "@/lib/uuid";

/** The path of the tus endpoint; an upload's URL is this path plus its asset's id. */
export const TUS_PATH = "/api/asset/upload/tus";

const fieldsOf = (assetId: string, expiresAt: number) => ({ purpose: "tus" as const, assetId, key: "", expiresAt });

/** `<assetId>.<expiresAt>.<HMAC>`: the asset a tus upload may write, until when. */
export function signTusToken(secret: string, assetId: string, expiresAt: number): string {
  return `${assetId}.${expiresAt}.${signFields(secret, fieldsOf(assetId, expiresAt))}`;
}

export type TusTokenCheck =
  | { ok: true; assetId: string; expiresAt: number }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

export function verifyTusToken(secret: string, token: string | null, now: number): TusTokenCheck {
  if (!token) return { ok: false, reason: "missing" };
  const [assetId, expires, signature] = token.split(".");
  if (!isUuid(assetId ?? "") || !/^\d{1,15}$/.test(expires ?? "") || !signature) return { ok: false, reason: "invalid" };
  const verdict = verifyFields(secret, fieldsOf(assetId.toLowerCase(), Number(expires)), signature, now);
  return verdict.ok ? { ok: true, assetId: assetId.toLowerCase(), expiresAt: Number(expires) } : verdict;
}

/** The endpoint a client creates its upload at (POST), as request-upload answers it. */
export function tusEndpointUrl(origin: string, token: string): string {
  const url = new URL(TUS_PATH, origin);
  url.searchParams.set("token", token);
  return url.toString();
}

/** A created upload's URL (its `Location`), carrying the token so tus clients follow it unchanged. */
export function tusUploadUrl(origin: string, assetId: string, token: string): string {
  const url = new URL(`${TUS_PATH}/${assetId}`, origin);
  url.searchParams.set("token", token);
  return url.toString();
}
