import { randomUUID } from "node:crypto";
import { findAsset } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import { findTask, findTaskForAsset, insertTask } from "@/lib/db/tasks";
import { log } from "@/lib/log/log";
import { queueTask } from "@/lib/tasks/queue-task";
import { finishTask } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { ensureStoryboard } from "./make-storyboard";

/**
 * The internal `storyboard` task: makes a ready asset's storyboard once, in the background, so
 * the first viewer to hover the progress bar finds it made. Recorded with the asset's `ready`
 * (recordStoryboardTask), so a node that stops before running it leaves it to the next sweep.
 */
export const storyboardTask: TaskDefinition = {
  type: "storyboard",

  async run(taskId, step, deps) {
    const outcome = await step.run("make-storyboard", async () => {
      const task = await findTask(deps.db, taskId);
      const asset = task?.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
      if (!asset) throw new NonRetriableError("the asset was deleted");
      return ensureStoryboard(deps, asset, deps.lease?.signal);
    });
    // Failing again would fail alike (the file is as it is): the first request tries once more and says why.
    await step.run("record-done", async () => {
      await finishTask(deps, taskId, { phase: "completed", output: { storyboard: outcome } });
    });
  },
};

/** Records the asset's storyboard task, in the caller's transaction (the one that makes the asset ready). */
export async function recordStoryboardTask(db: Db, asset: { id: string; userId: string }, now: number): Promise<void> {
  await insertTask(db, { id: randomUUID(), userId: asset.userId, type: "storyboard", inputAssetId: asset.id, params: {}, phase: "waiting", statusUpdatedAt: now, createdAt: now, updatedAt: now });
}

/** Hands the asset's waiting storyboard task, if any, to the runner (after the transaction that recorded it). */
export async function startStoryboard(deps: TaskDeps, assetId: string): Promise<void> {
  const task = await findTaskForAsset(deps.db, assetId, "storyboard");
  if (!task || task.phase !== "waiting" || !deps.runner) return;
  await queueTask(deps, deps.runner, task).catch((error: unknown) => log.warn(`task ${task.id}`, "the storyboard task could not be queued", error));
}
