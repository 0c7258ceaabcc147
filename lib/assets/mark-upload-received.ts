import { updateAsset } from "@/lib/db/assets";
import { findTaskForAsset, updateTask } from "@/lib/db/tasks";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";

/**
 * The file is stored: the asset moves to `processing` and its upload task is queued.
 * Safe to call more than once for the same upload.
 */
export async function markUploadReceived(deps: TaskDeps, runner: TaskRunner, assetId: string): Promise<void> {
  const now = deps.now();
  await updateAsset(deps.db, assetId, { status: "processing", updatedAt: now });
  const task = await findTaskForAsset(deps.db, assetId, "upload");
  if (!task || task.phase !== "pending") return;
  await updateTask(deps.db, task.id, { phase: "waiting", updatedAt: now, statusUpdatedAt: now });
  await runner.enqueue(task);
}
