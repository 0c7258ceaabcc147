import type { Readable } from "node:stream";
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from "@/lib/api/errors";
import { findAsset } from "@/lib/db/assets";
import { releaseUploadClaim } from "@/lib/db/upload-transitions";
import { log } from "@/lib/log/log";
import { metrics } from "@/lib/metrics/metrics";
import { isNamedError } from "@/lib/named-error";
import { UploadTooLargeError, type LocalStore } from "@/lib/storage/local-store";
import { readSignedFields, verifyFields } from "@/lib/storage/signed-url";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { markUploadReceived } from "./mark-upload-received";
import type { ReceivingUploads } from "./receiving-uploads";
import { holdUploadClaim, UploadClaimLostError } from "./upload-claim";

export interface LocalUpload {
  assetId: string;
  url: URL;
  contentLength?: number;
  body: Readable;
}

/**
 * The local store's signed PUT target: verifies the URL, claims the asset's single upload slot
 * (renewed while the bytes arrive, so a crash frees it within a lease), streams the body to disk
 * within the size limit, then queues processing. Deleting the asset meanwhile stops the upload.
 * Only a PUT that stored the whole file and recorded it uses the URL up.
 */
export async function receiveLocalUpload(
  deps: TaskDeps & { receivingUploads: ReceivingUploads },
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
  const abort = new AbortController();
  const given = deps.receivingUploads.abandonedClaim(upload.assetId);
  const claim = await holdUploadClaim(deps, upload.assetId, "put", () => abort.abort(new UploadClaimLostError()), given);
  if (!claim) {
    const asset = await findAsset(deps.db, upload.assetId);
    if (!asset) throw notFound("asset not found");
    throw conflict(asset.uploadVia === "tus" ? "a resumable (tus) upload to this asset has started; finish it, or terminate it (DELETE) to PUT instead" : "this upload URL has already been used");
  }
  const key = signed.fields.key;
  const stopWatching = deps.receivingUploads.add(upload.assetId, abort);
  let size: number;
  try {
    // The slot was free, so anything at the key is a dead holder's unfinished upload.
    await store.discardPartials(key);
    size = await store.write(key, upload.body, maxBytes, abort.signal);
    metrics().uploadBytes.inc(size);
  } catch (error) {
    await letGo(deps, upload.assetId, claim.claimedAt);
    throw await refusalOf(deps, upload.assetId, error);
  } finally {
    claim.stopRenewing();
    stopWatching();
  }
  let recorded: boolean;
  try {
    recorded = await markUploadReceived(deps, runner, upload.assetId, claim.claimedAt);
  } catch (error) {
    // Not recorded (or not known to be): the URL stays usable, and the file stays for whoever
    // recorded it after all; a retry writes it anew.
    await letGo(deps, upload.assetId, claim.claimedAt);
    throw error;
  }
  if (!recorded) {
    // Deleted (or taken over) between the last byte and now: the file belongs to nobody.
    await store.delete(key);
    throw await refusalOf(deps, upload.assetId, new UploadClaimLostError());
  }
  return { size };
}

/**
 * Frees the slot after a PUT that did not store and record the whole file, so the URL stays
 * usable until it expires. The database may be what failed: then the claim is released only in
 * this process's memory, and a retry here takes it over at once.
 */
async function letGo(deps: TaskDeps & { receivingUploads: ReceivingUploads }, assetId: string, claimedAt: number): Promise<void> {
  deps.receivingUploads.abandon(assetId, claimedAt);
  await releaseUploadClaim(deps.db, assetId, claimedAt, deps.now()).catch((error: unknown) => {
    log.warn(`upload ${assetId}`, "could not release the upload claim; a retry to this node takes it over", error);
  });
}

async function refusalOf(deps: TaskDeps, assetId: string, error: unknown): Promise<unknown> {
  if (isNamedError<UploadTooLargeError>(error, "UploadTooLargeError")) return payloadTooLarge(error.message);
  if (isNamedError(error, "UploadClaimLostError") || isNamedError(error, "AbortError")) {
    if (!(await findAsset(deps.db, assetId))) return notFound("the asset was deleted during the upload");
    return conflict("this upload URL was taken over by another upload");
  }
  if (isInterrupted(error)) return badRequest("the upload was interrupted before the whole file arrived");
  return error;
}

function isInterrupted(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE";
}
