import type { TaskRow } from "@/lib/db/schema";
import { findTaskForAsset } from "@/lib/db/tasks";
import { moveAssetToProcessing, queuePendingTask } from "@/lib/db/upload-transitions";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";

/**
 * The file is stored: the asset moves waiting → processing and its upload task pending → waiting,
 * together, for the holder of the claim made at `claimedAt`. Returns the task when this call made
 * the move, undefined when the claim is no longer held or something else already moved it.
 */
export async function recordUploadReceived(deps: TaskDeps, assetId: string, claimedAt: number): Promise<TaskRow | undefined> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await moveAssetToProcessing(tx, assetId, claimedAt, now))) return undefined;
    const task = await findTaskForAsset(tx, assetId, "upload");
    return task && (await queuePendingTask(tx, task.id, now));
  });
}

/** Records the upload and queues its processing; false when the claim was no longer held. */
export async function markUploadReceived(deps: TaskDeps, runner: TaskRunner, assetId: string, claimedAt: number): Promise<boolean> {
  const task = await recordUploadReceived(deps, assetId, claimedAt);
  if (task) await runner.enqueue(task);
  return task !== undefined;
}
