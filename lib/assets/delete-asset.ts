import { notFound } from "@/lib/api/errors";
import { deleteUserAsset } from "@/lib/db/assets";
import { assetPackagingIndexKey, assetPosterKey } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";
import type { ReceivingUploads } from "./receiving-uploads";
import { UploadClaimLostError } from "./upload-claim";

/**
 * Deletes the caller's asset and its tasks, stops an upload to it that this process is receiving
 * (other processes stop theirs at their next claim renewal), and removes its stored file, partial
 * uploads, its poster, its HLS packaging index and any direct upload not yet accepted.
 */
export async function deleteAsset(
  deps: TaskDeps & { receivingUploads: ReceivingUploads },
  userId: string,
  assetId: string,
): Promise<void> {
  const asset = await deleteUserAsset(deps.db, userId, assetId);
  if (!asset) throw notFound("asset not found");
  deps.receivingUploads.abort(asset.id, new UploadClaimLostError("the asset was deleted"));
  await deps.storage.delete(asset.storageKey);
  // Whether or not it was recorded: a run stopped between storing the poster and recording it leaves one too.
  await deps.storage.delete(assetPosterKey(asset.id));
  await deps.storage.delete(assetPackagingIndexKey(asset.id));
  await deps.storage.directUploads?.discard(asset.id);
  if (asset.uploadVia === "tus") await deps.storage.resumable.discard(asset.id);
}
