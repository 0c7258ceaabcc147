import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { TaskRow, TranscodeSummary } from "@/lib/db/schema";
import { findTaskForAsset, insertTask } from "@/lib/db/tasks";
import { deleteOtherLadders, insertSegmentJobs } from "@/lib/db/transcode-segments";
import { log } from "@/lib/log/log";
import { queueTask } from "@/lib/tasks/queue-task";
import type { TaskDeps } from "@/lib/tasks/types";
import { audioSegmentDurations } from "./audio-stream";

/**
 * Records the plan's segment jobs and the asset's `transcode-file` task, in the caller's
 * transaction (the one that makes the asset ready, or changes its ladder).
 */
export async function recordTranscodeWork(db: Db, asset: { id: string; userId: string }, plan: TranscodeSummary, now: number): Promise<void> {
  await deleteOtherLadders(db, asset.id, plan.ladder);
  const jobs = plan.rungs.map((rung) => ({ assetId: asset.id, ladder: plan.ladder, rendition: rung.dir, seqs: plan.starts.length, queuedAt: now }));
  if (plan.audio === "encoded") jobs.unshift({ assetId: asset.id, ladder: plan.ladder, rendition: "a", seqs: audioSegmentDurations(plan.duration).length, queuedAt: now });
  await insertSegmentJobs(db, jobs);
  await insertTask(db, {
    id: randomUUID(),
    userId: asset.userId,
    type: "transcode-file",
    inputAssetId: asset.id,
    params: { "transcode-file": { profiles: plan.rungs.map(({ name, width, height, bitrate, fps }) => ({ name, width, height, bitrate, fps })) } },
    phase: "waiting",
    statusUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

/** Hands the asset's waiting transcode-file task, if any, to the runner (after the transaction that recorded it). */
export async function startTranscode(deps: TaskDeps, assetId: string): Promise<void> {
  const task: TaskRow | undefined = await findTaskForAsset(deps.db, assetId, "transcode-file");
  if (!task || task.phase !== "waiting" || !deps.runner) return;
  await queueTask(deps, deps.runner, task).catch((error: unknown) => log.warn(`task ${task.id}`, "the transcode task could not be queued", error));
}

