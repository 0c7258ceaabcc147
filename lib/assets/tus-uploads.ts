import { conflict, notFound } from "@/lib/api/errors";
import { findAsset } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";
import { claimUpload, releaseUploadClaim } from "@/lib/db/upload-transitions";
import { log } from "@/lib/log/log";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { markUploadReceived } from "./mark-upload-received";

/**
 * A tus upload takes the asset's single upload slot (shared with the PUT URL) when it is created,
 * and holds it until the URL expires: it may be resumed from anywhere until then.
 */
export async function startTusUpload(deps: TaskDeps, assetId: string, expiresAt: number, uploadUrl: string): Promise<void> {
  if (await claimUpload(deps.db, assetId, "tus", deps.now(), expiresAt)) return;
  const asset = await findAsset(deps.db, assetId);
  if (!asset) throw notFound("asset not found");
  if (asset.status !== "waiting") throw conflict(`the asset is ${asset.status}: its file was already received`);
  if (asset.uploadVia === "tus") throw conflict(`a resumable upload of this asset has already started: resume it at ${uploadUrl}`);
  throw conflict("an upload to this asset's PUT URL is in progress or done");
}

/** The asset of a tus request on an existing upload: waiting for it, or done with it (`complete`). */
export async function tusUploadState(deps: TaskDeps, assetId: string): Promise<{ asset: AssetRow; complete: boolean }> {
  const asset = await findAsset(deps.db, assetId);
  if (!asset) throw notFound("asset not found");
  if (asset.uploadVia !== "tus") throw conflict("this asset has no resumable upload: create one with POST to the tus endpoint");
  if (asset.status === "waiting") return { asset, complete: false };
  if (asset.status === "failed" && asset.size === null) throw conflict(`the upload ended: ${asset.errorMessage}`);
  return { asset, complete: true };
}

/**
 * The last byte arrived: the upload becomes the asset's file (without a second copy where the
 * store allows) and the asset moves to `processing`, exactly as after a PUT. The upload's record
 * is kept until then, so a finish cut short by a dependency can be run again (finishReceivedTusUpload).
 */
export async function finishTusUpload(deps: TaskDeps & { runner: TaskRunner }, assetId: string): Promise<void> {
  const asset = await findAsset(deps.db, assetId);
  if (!asset?.uploadClaimedAt || asset.status !== "waiting") throw conflict("the asset is no longer waiting for its file");
  await deps.storage.resumable.finish(assetId, asset.storageKey);
  if (!(await markUploadReceived(deps, deps.runner, assetId, asset.uploadClaimedAt))) {
    await deps.storage.delete(asset.storageKey);
    throw notFound("the asset was deleted during the upload");
  }
  await deps.storage.resumable
    .forget(assetId)
    .catch((error) => log.warn(`upload ${assetId}`, "could not remove the finished upload's record (it is removed with the asset)", error));
}

/**
 * Every byte of the upload arrived but the asset still waits: the last PATCH's finish was cut
 * short (the store or the database down), and the client, asking where to resume, would take the
 * upload for done. Finishing it now makes that true.
 */
export async function finishReceivedTusUpload(deps: TaskDeps & { runner: TaskRunner }, assetId: string): Promise<void> {
  try {
    await finishTusUpload(deps, assetId);
  } catch (error) {
    // Another request finished it meanwhile.
    if ((await findAsset(deps.db, assetId))?.status === "waiting") throw error;
  }
}

/** A terminated (DELETE) tus upload frees the slot: the PUT URL works again while it is valid. */
export async function endTusUpload(deps: TaskDeps, asset: AssetRow): Promise<void> {
  if (asset.uploadClaimedAt) await releaseUploadClaim(deps.db, asset.id, asset.uploadClaimedAt, deps.now());
}
