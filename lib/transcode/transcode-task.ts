import { findAsset, setStaticMp4s } from "@/lib/db/assets";
import { findTask } from "@/lib/db/tasks";
import { segmentProgress } from "@/lib/db/transcode-segments";
import { setTimeout as sleep } from "node:timers/promises";
import { createProgressWriter } from "@/lib/tasks/progress";
import { finishTask, RunStoppedError } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { segmentMakerFor } from "./segment-maker";
import { makeStaticMp4s } from "./static-mp4";

/** On Inngest, this many steps make segments side by side, each for at most WORK_PER_STEP_MS. */
const INNGEST_LANES = 4;
const WORK_PER_STEP_MS = 30_000;
const CHECK_EVERY_MS = 1_000;

/**
 * Livepeer's `transcode-file` task of an asset: its progress is the share of segments made; it
 * completes when every segment is, and fails with the reason when one cannot be made. On the
 * inline runner every node's background pool makes the segments and this task watches; on
 * Inngest its steps make them, fanned out over parallel steps.
 */
export const transcodeFileTask: TaskDefinition = {
  type: "transcode-file",

  async run(taskId, step, deps) {
    const asset = await step.run("load-asset", () => loadAsset(deps, taskId));
    if (deps.runner?.kind === "inngest") {
      for (let round = 0; ; round++) {
        const lanes = Array.from({ length: INNGEST_LANES }, (_, lane) => step.run(`segments-${lane}-${round}`, () => makeSegments(deps, asset.id)));
        if ((await Promise.all(lanes)).every((left) => !left)) break;
      }
    }
    const segments = await step.run("await-segments", () => awaitSegments(deps, taskId, asset));
    if (asset.staticMp4 && segments > 0) await step.run("make-static-mp4s", () => recordStaticMp4s(deps, asset.id, asset.ladder));
    await step.run("record-done", async () => {
      await finishTask(deps, taskId, { phase: "completed", output: { "transcode-file": { segments } } });
    });
  },
};

async function loadAsset(deps: TaskDeps, taskId: string) {
  const task = await findTask(deps.db, taskId);
  const asset = task?.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
  if (!asset?.transcode) throw new NonRetriableError("the asset was deleted, or has nothing to transcode");
  return { id: asset.id, ladder: asset.transcode.ladder, staticMp4: asset.staticMp4 };
}

/** Makes the rungs' static MP4s and lists them on the asset (unless a new ladder replaced this one meanwhile). */
async function recordStaticMp4s(deps: TaskDeps, assetId: string, ladder: number): Promise<number> {
  const asset = await findAsset(deps.db, assetId);
  if (!asset?.transcode || asset.transcode.ladder !== ladder) return 0;
  const staticMp4s = await makeStaticMp4s(deps, { id: asset.id, storageKey: asset.storageKey, transcode: asset.transcode });
  await setStaticMp4s(deps.db, assetId, ladder, staticMp4s);
  return staticMp4s.length;
}

/** Makes this asset's segments for a while; true when some may be left. */
async function makeSegments(deps: TaskDeps, assetId: string): Promise<boolean> {
  const maker = segmentMakerFor(deps);
  const until = Date.now() + WORK_PER_STEP_MS;
  while (Date.now() < until) {
    if (!(await maker.workOnce(assetId))) return false;
  }
  return true;
}

async function awaitSegments(deps: TaskDeps, taskId: string, asset: { id: string; ladder: number }): Promise<number> {
  const progress = createProgressWriter(deps, taskId);
  const closing = segmentMakerFor(deps).signal;
  const signal = deps.lease ? AbortSignal.any([deps.lease.signal, closing]) : closing;
  for (;;) {
    // The node is closing: the task is left to the next start (or another node), as a hand-off does.
    if (closing.aborted) throw new RunStoppedError("this node is closing; the task goes on at its next start");
    if (deps.lease?.signal.aborted) throw deps.lease.signal.reason ?? new RunStoppedError("the run was stopped");
    const { renditions, failed } = await segmentProgress(deps.db, asset.id, asset.ladder);
    if (failed?.failedReason) throw new NonRetriableError(failed.failedReason);
    const made = renditions.reduce((sum, r) => sum + r.made, 0);
    const total = renditions.reduce((sum, r) => sum + r.total, 0);
    // A new ladder replaced this one (PATCH profiles): its own task follows it.
    if (total === 0) return 0;
    if (made === total) return total;
    progress.report(made / total);
    await sleep(CHECK_EVERY_MS, undefined, { signal }).catch(() => {});
  }
}
