import { api, dataOf } from "./api";
import { formatBytes } from "./format";
import { savedUploadsOf } from "./saved-uploads";
import { uploadFingerprint } from "./upload-fingerprint";
import type { UploadTarget } from "./upload-session";

export type AssetResume = { target: UploadTarget } | { refusal: string };

/** The file an upload began with, as far as the server or this browser knows it. */
interface BegunFile {
  size: number;
  name?: string;
  lastModified?: number;
}

/**
 * Where `file` goes on with the upload of a `waiting` asset, from any browser: the asset's tus
 * endpoint and, once created, its upload (resumed at the server's offset). A file that is not the
 * one the upload began with is refused before a byte is sent, so that it cannot corrupt it.
 */
export async function prepareAssetResume(assetId: string, file: File, userId: string): Promise<AssetResume> {
  const saved = savedUploadsOf(userId).find((upload) => upload.assetId === assetId);
  if (saved && saved.fingerprint !== uploadFingerprint(file, userId)) {
    return { refusal: notTheFile(file, { name: saved.name, size: saved.size }) };
  }
  const data = await dataOf(api.GET("/api/asset/{id}/tus", { params: { path: { id: assetId } } }));
  const begun = data.uploadUrl ? await begunFile(data.uploadUrl) : undefined;
  if (begun && !isSameFile(file, begun)) return { refusal: notTheFile(file, begun) };
  return { target: { assetId, expiresAt: data.expiresAt, transfer: { endpoint: data.tusEndpoint, uploadUrl: data.uploadUrl } } };
}

/** What the tus server holds of the upload; undefined when it has none (tus then creates it again). */
async function begunFile(uploadUrl: string): Promise<BegunFile | undefined> {
  const response = await fetch(uploadUrl, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" }, cache: "no-store" });
  const size = Number(response.headers.get("Upload-Length") ?? NaN);
  if (!response.ok || !Number.isFinite(size)) return undefined;
  const metadata = parseTusMetadata(response.headers.get("Upload-Metadata") ?? "");
  const lastModified = Number(metadata.lastModified ?? NaN);
  return { size, name: metadata.filename, lastModified: Number.isFinite(lastModified) ? lastModified : undefined };
}

/** The size must match; the name and date too where the upload recorded them (tus-transfer does). */
function isSameFile(file: File, begun: BegunFile): boolean {
  return (
    file.size === begun.size &&
    (begun.name === undefined || begun.name === file.name) &&
    (begun.lastModified === undefined || begun.lastModified === file.lastModified)
  );
}

function notTheFile(file: File, begun: BegunFile): string {
  const began = begun.name ? `“${begun.name}”, ${formatBytes(begun.size)}` : formatBytes(begun.size);
  return `“${file.name}” (${formatBytes(file.size)}) is not the file this upload began with (${began}): choose that file to resume`;
}

/** `Upload-Metadata`: comma-separated `key base64value` pairs (tus 1.0.0). */
function parseTusMetadata(header: string): Record<string, string> {
  const pairs = header.split(",").map((pair) => pair.trim().split(" "));
  return Object.fromEntries(
    pairs.filter(([key]) => key).map(([key, value]) => [key, value ? decodeBase64(value) : ""]),
  );
}

function decodeBase64(value: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
  } catch {
    return "";
  }
}
