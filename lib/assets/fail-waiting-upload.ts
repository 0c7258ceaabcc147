import { findTaskForAsset } from "@/lib/db/tasks";
import { failWaitingAsset } from "@/lib/db/upload-transitions";
import { finishTask, isFinal } from "@/lib/tasks/task-lifecycle";
import type { TaskDeps } from "@/lib/tasks/types";

/**
 * Fails a waiting asset and its upload task with the message, together. With `staleBefore`, not
 * while an upload reserved since then is in progress. Returns whether the asset was failed.
 */
export async function failWaitingUpload(
  deps: TaskDeps,
  assetId: string,
  errorMessage: string,
  staleBefore?: number,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const asset = await failWaitingAsset(tx, assetId, { errorMessage, at: deps.now(), staleBefore });
    if (!asset) return false;
    const task = await findTaskForAsset(tx, assetId, "upload");
    if (task && !isFinal(task.phase)) await finishTask({ ...deps, db: tx }, task.id, { phase: "failed", errorMessage });
    return true;
  });
}
