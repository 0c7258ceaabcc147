import type { Readable } from "node:stream";
import { parseByteRange } from "@/lib/api/byte-range";
import { forbidden, notFound } from "@/lib/api/errors";
import type { LocalStore } from "@/lib/storage/local-store";
import { readSignedFields, verifyFields } from "@/lib/storage/signed-url";

export type LocalDownload =
  | { kind: "unsatisfiable"; size: number }
  | { kind: "ok"; size: number; start: number; end: number; partial: boolean; open(): Promise<Readable> };

/** Verifies a signed download URL and resolves the requested byte range of the stored file. */
export async function openLocalDownload(
  store: LocalStore,
  request: { assetId: string; url: URL; range: string | null; now: number },
): Promise<LocalDownload> {
  const signed = readSignedFields(request.url, "download", request.assetId);
  if (!signed) throw forbidden("download URL is not valid: its signature parameters are missing");
  const verdict = verifyFields(store.signingSecret, signed.fields, signed.signature, request.now);
  if (!verdict.ok) {
    throw forbidden(verdict.reason === "expired" ? "download URL has expired" : "download URL signature is not valid");
  }
  const key = signed.fields.key;
  const stored = await store.stat(key);
  if (!stored) throw notFound("file not found");
  const range = parseByteRange(request.range, stored.size);
  if (range.kind === "unsatisfiable") return { kind: "unsatisfiable", size: stored.size };
  const start = range.kind === "partial" ? range.start : 0;
  const end = range.kind === "partial" ? range.end : stored.size - 1;
  return {
    kind: "ok",
    size: stored.size,
    start,
    end,
    partial: range.kind === "partial",
    open: () => store.createReadStream(key, { start, end }),
  };
}
