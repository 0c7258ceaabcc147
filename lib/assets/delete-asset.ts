import { notFound } from "@/lib/api/errors";
import { deleteUserAsset } from "@/lib/db/assets";
import type { TaskDeps } from "@/lib/tasks/types";

/** Deletes the caller's asset, its tasks, and its stored file (and any upload not yet accepted). */
export async function deleteAsset(deps: TaskDeps, userId: string, assetId: string): Promise<void> {
  const asset = await deleteUserAsset(deps.db, userId, assetId);
  if (!asset) throw notFound("asset not found");
  await deps.storage.delete(asset.storageKey);
  await deps.storage.directUploads?.discard(asset.id);
}
