import { findTaskForAsset } from "@/lib/db/tasks";
import { failWaitingAsset } from "@/lib/db/upload-transitions";
import { finishTask, isFinal } from "@/lib/tasks/task-lifecycle";
import type { TaskDeps } from "@/lib/tasks/types";

/**
 * Fails a waiting asset and its upload task with the message, together, and removes whatever
 * partial upload is stored. With `unlessClaimed`, not while an upload holds a live claim (it is
 * let finish). Returns whether the asset was failed.
 */
export async function failWaitingUpload(
  deps: TaskDeps,
  assetId: string,
  errorMessage: string,
  options: { unlessClaimed?: boolean } = {},
): Promise<boolean> {
  const failed = await deps.db.transaction(async (tx) => {
    const asset = await failWaitingAsset(tx, assetId, { errorMessage, at: deps.now(), unlessClaimed: options.unlessClaimed });
    if (!asset) return undefined;
    const task = await findTaskForAsset(tx, assetId, "upload");
    if (task && !isFinal(task.phase)) await finishTask({ ...deps, db: tx }, task.id, { phase: "failed", errorMessage });
    return asset;
  });
  if (failed) {
    await deps.storage.delete(failed.storageKey);
    if (failed.uploadVia === "tus") await deps.storage.resumable.discard(failed.id);
  }
  return failed !== undefined;
}
