import { forbidden, notFound } from "@/lib/api/errors";
import type { LocalStore } from "@/lib/storage/local-store";
import type { ByteSource } from "@/lib/storage/types";
import { readSignedFields, verifyFields } from "@/lib/storage/signed-url";

/** Verifies a signed download URL and finds the stored file it names. */
export async function openLocalDownload(
  store: LocalStore,
  request: { assetId: string; url: URL; now: number },
): Promise<ByteSource> {
  const signed = readSignedFields(request.url, "download", request.assetId);
  if (!signed) throw forbidden("download URL is not valid: its signature parameters are missing");
  const verdict = verifyFields(store.signingSecret, signed.fields, signed.signature, request.now);
  if (!verdict.ok) {
    throw forbidden(verdict.reason === "expired" ? "download URL has expired" : "download URL signature is not valid");
  }
  const key = signed.fields.key;
  const stored = await store.stat(key);
  if (!stored) throw notFound("file not found");
  return { size: stored.size, open: (range) => store.createReadStream(key, range) };
}
