import type { TaskRow } from "@/lib/db/schema";
import { findTaskForAsset } from "@/lib/db/tasks";
import { moveAssetToProcessing, queuePendingTask } from "@/lib/db/upload-transitions";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";

/**
 * The file is stored: the asset moves waiting → processing and its upload task pending → waiting,
 * together. Returns the task when this call made the move, undefined when something else already had.
 */
export async function recordUploadReceived(deps: TaskDeps, assetId: string): Promise<TaskRow | undefined> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await moveAssetToProcessing(tx, assetId, now))) return undefined;
    const task = await findTaskForAsset(tx, assetId, "upload");
    return task && (await queuePendingTask(tx, task.id, now));
  });
}

/** Records the upload and queues its processing. Safe to call more than once for the same upload. */
export async function markUploadReceived(deps: TaskDeps, runner: TaskRunner, assetId: string): Promise<void> {
  const task = await recordUploadReceived(deps, assetId);
  if (task) await runner.enqueue(task);
}
