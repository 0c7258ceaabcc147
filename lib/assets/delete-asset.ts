import { randomUUID } from "node:crypto";
import { notFound } from "@/lib/api/errors";
import { deleteUserAsset, findUserAsset, updateAsset } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";
import { findTaskForAsset, insertTask } from "@/lib/db/tasks";
import { exportsToUnpin } from "@/lib/db/unpins";
import { assetPackagingIndexKey, assetPosterKey, assetRenditionsPrefix, assetThumbnailsPrefix, assetTracksPrefix } from "@/lib/storage/types";
import { queueTask } from "@/lib/tasks/queue-task";
import { isFinal } from "@/lib/tasks/task-lifecycle";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import type { ReceivingUploads } from "./receiving-uploads";
import { UploadClaimLostError } from "./upload-claim";

type DeleteDeps = TaskDeps & { receivingUploads: ReceivingUploads; runner: TaskRunner };

/**
 * Deletes the caller's asset and its tasks, stops an upload to it that this process is receiving
 * (other processes stop theirs at their next claim renewal), and removes its stored file, partial
 * uploads, its poster, thumbnails and text tracks, its HLS packaging index and any direct upload not yet accepted. An asset
 * whose exports asked to unpin on delete is `deleting` instead (out of lists, unplayable, its
 * files removed at once) until the `unpin` task has removed its pins and then the asset.
 */
export async function deleteAsset(deps: DeleteDeps, userId: string, assetId: string): Promise<void> {
  const found = await findUserAsset(deps.db, userId, assetId);
  if (!found) throw notFound("asset not found");
  if ((await exportsToUnpin(deps.db, found.id)).length > 0) return unpinThenDelete(deps, found);
  const asset = await deleteUserAsset(deps.db, userId, assetId);
  if (!asset) throw notFound("asset not found");
  await removeStoredFiles(deps, asset);
}

async function unpinThenDelete(deps: DeleteDeps, asset: AssetRow): Promise<void> {
  const now = deps.now();
  await updateAsset(deps.db, asset.id, { status: "deleting", errorMessage: null, updatedAt: now });
  await removeStoredFiles(deps, asset);
  // A second DELETE of an asset whose unpins finally failed tries again.
  const current = await findTaskForAsset(deps.db, asset.id, "unpin");
  if (current && !isFinal(current.phase)) return;
  const task = await insertTask(deps.db, {
    id: randomUUID(),
    userId: asset.userId,
    type: "unpin",
    inputAssetId: asset.id,
    params: {},
    phase: "waiting",
    statusUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await queueTask(deps, deps.runner, task);
}

async function removeStoredFiles(deps: DeleteDeps, asset: AssetRow): Promise<void> {
  deps.receivingUploads.abort(asset.id, new UploadClaimLostError("the asset was deleted"));
  await deps.storage.delete(asset.storageKey);
  // Whether or not it was recorded: a run stopped between storing the poster and recording it leaves one too.
  await deps.storage.delete(assetPosterKey(asset.id));
  await deps.storage.delete(assetPackagingIndexKey(asset.id));
  await deps.storage.deletePrefix(assetRenditionsPrefix(asset.id));
  await deps.storage.deletePrefix(assetThumbnailsPrefix(asset.id));
  await deps.storage.deletePrefix(assetTracksPrefix(asset.id));
  await deps.storage.directUploads?.discard(asset.id);
  if (asset.uploadVia === "tus") await deps.storage.resumable.discard(asset.id);
}
