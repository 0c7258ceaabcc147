import { createHmac, timingSafeEqual } from "node:crypto";

export type SignedPurpose = "upload" | "download" | "tus" | "car";

export interface SignedFields {
  purpose: SignedPurpose;
  assetId: string;
  key: string;
  expiresAt: number;
  maxBytes?: number;
}

export function signFields(secret: string, fields: SignedFields): string {
  const payload = [fields.purpose, fields.assetId, fields.key, fields.expiresAt, fields.maxBytes ?? ""].join("\n");
  return createHmac("sha256", secret).update(payload).digest("hex");
}

export type VerifyResult = { ok: true } | { ok: false; reason: "invalid" | "expired" };

export function verifyFields(secret: string, fields: SignedFields, signature: string, now: number): VerifyResult {
  const expected = Buffer.from(signFields(secret, fields), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if (now > fields.expiresAt) return { ok: false, reason: "expired" };
  return { ok: true };
}

export function signedUrl(origin: string, path: string, fields: SignedFields, secret: string): string {
  const url = new URL(path, origin);
  url.searchParams.set("key", fields.key);
  url.searchParams.set("expires", String(fields.expiresAt));
  if (fields.maxBytes !== undefined) url.searchParams.set("max", String(fields.maxBytes));
  url.searchParams.set("signature", signFields(secret, fields));
  return url.toString();
}

/** Reads the signed fields back from a URL's query; undefined when any is missing or malformed. */
export function readSignedFields(
  url: URL,
  purpose: SignedPurpose,
  assetId: string,
): { fields: SignedFields; signature: string } | undefined {
  const q = url.searchParams;
  const key = q.get("key");
  const expires = q.get("expires");
  const max = q.get("max");
  const signature = q.get("signature");
  if (!key || !expires || !/^\d+$/.test(expires) || !signature) return undefined;
  if (max !== null && !/^\d+$/.test(max)) return undefined;
  return {
    fields: { purpose, assetId, key, expiresAt: Number(expires), maxBytes: max === null ? undefined : Number(max) },
    signature,
  };
}
