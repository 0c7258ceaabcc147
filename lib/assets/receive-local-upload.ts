import type { Readable } from "node:stream";
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from "@/lib/api/errors";
import { claimAssetUpload, findAsset, releaseAssetUpload } from "@/lib/db/assets";
import { UploadTooLargeError, type LocalStore } from "@/lib/storage/local-store";
import { readSignedFields, verifyFields } from "@/lib/storage/signed-url";
import { isNamedError } from "@/lib/named-error";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { markUploadReceived } from "./mark-upload-received";

export interface LocalUpload {
  assetId: string;
  url: URL;
  contentLength?: number;
  body: Readable;
}

/**
 * The local store's signed PUT target: verifies the URL, reserves the asset so the URL is
 * single-use, streams the body to disk within the size limit, then queues processing.
 */
export async function receiveLocalUpload(
  deps: TaskDeps,
  runner: TaskRunner,
  store: LocalStore,
  upload: LocalUpload,
): Promise<{ size: number }> {
  const signed = readSignedFields(upload.url, "upload", upload.assetId);
  if (!signed) throw forbidden("upload URL is not valid: its signature parameters are missing");
  const verdict = verifyFields(store.signingSecret, signed.fields, signed.signature, deps.now());
  if (!verdict.ok) {
    throw forbidden(verdict.reason === "expired" ? "upload URL has expired" : "upload URL signature is not valid");
  }
  const maxBytes = signed.fields.maxBytes ?? deps.config.maxUploadBytes;
  if (upload.contentLength !== undefined && upload.contentLength > maxBytes) {
    throw payloadTooLarge(new UploadTooLargeError(maxBytes).message);
  }
  const asset = await claimAssetUpload(deps.db, upload.assetId, deps.now());
  if (!asset) {
    if (!(await findAsset(deps.db, upload.assetId))) throw notFound("asset not found");
    throw conflict("this upload URL has already been used");
  }
  let size: number;
  try {
    size = await store.write(signed.fields.key, upload.body, maxBytes);
  } catch (error) {
    await releaseAssetUpload(deps.db, upload.assetId, deps.now());
    if (isNamedError<UploadTooLargeError>(error, "UploadTooLargeError")) throw payloadTooLarge(error.message);
    if (isInterrupted(error)) throw badRequest("the upload was interrupted before the whole file arrived");
    throw error;
  }
  await markUploadReceived(deps, runner, upload.assetId);
  return { size };
}

function isInterrupted(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (error as Error).name === "AbortError" || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE";
}
