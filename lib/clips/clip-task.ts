import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkStoredFile } from "@/lib/assets/process-upload";
import { findAsset, updateAsset } from "@/lib/db/assets";
import type { TaskRow } from "@/lib/db/schema";
import { findTask } from "@/lib/db/tasks";
import { findMediaTools } from "@/lib/media/ffmpeg";
import { createProgressWriter } from "@/lib/tasks/progress";
import { NonRetriableError, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { encodeLimits } from "@/lib/transcode/media-limits";
import { SegmentEncodeError } from "@/lib/transcode/video-segment";
import { MediaRejectedError } from "@/lib/media/types";
import { copyClipTracks } from "./clip-tracks";
import { ClipCutError, cutClip } from "./cut-clip";
import type { ClipParams } from "./schemas";

/** Share of the task's progress given to cutting; the upload check (hashing) is the rest. */
const CUT_SHARE = 0.8;

/**
 * The `clip` task: cuts the parent's file into the clip's (lib/clips/cut-clip.ts) and stores it as
 * the clip asset's original, copies the parent's text tracks cut to match, then checks the file as
 * any upload (probe, renditions, hashes, poster) and moves the asset to `ready`, or to `failed`
 * with the reason. A run that dies mid-cut cuts again; one that dies after storing the file goes
 * on from the tracks.
 */
export const clipTask: TaskDefinition = {
  type: "clip",

  async run(taskId, step, deps) {
    await step.run("cut-clip", () => cutAndStore(deps, taskId));
    await step.run("copy-tracks", () => copyTracks(deps, taskId));
    await checkStoredFile(taskId, step, deps, CUT_SHARE);
  },

  async onFailure(task, message, deps) {
    await failClip(deps, task, message);
  },

  async onCancel(task, deps) {
    await failClip(deps, task, "the clip was cancelled");
  },
};

async function failClip(deps: TaskDeps, task: TaskRow, message: string) {
  if (task.inputAssetId) await updateAsset(deps.db, task.inputAssetId, { status: "failed", errorMessage: message, updatedAt: deps.now() });
}

async function loadClip(deps: TaskDeps, taskId: string) {
  const task = await findTask(deps.db, taskId);
  const asset = task?.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
  if (!task || !asset) throw new NonRetriableError("the clip's asset was deleted");
  return { asset, clip: (task.params as unknown as ClipParams).clip };
}

/** The parent's tracks cut to the times asked: milliseconds, as cues count them. */
async function copyTracks(deps: TaskDeps, taskId: string): Promise<void> {
  const { asset, clip } = await loadClip(deps, taskId);
  await copyClipTracks(deps, clip.inputId, asset.id, { start: clip.clipStrategy.startTime, end: clip.clipStrategy.endTime });
}

async function cutAndStore(deps: TaskDeps, taskId: string): Promise<void> {
  const { asset, clip } = await loadClip(deps, taskId);
  // Stored by an earlier run that stopped before this step was recorded.
  if (await deps.storage.stat(asset.storageKey)) return;
  const parent = await findAsset(deps.db, clip.inputId);
  if (!parent || parent.status !== "ready") throw new NonRetriableError("the asset the clip is cut from was deleted");
  const tools = await findMediaTools(deps.config);
  if (!tools) throw new NonRetriableError("clips are cut with ffmpeg, which this server does not have (install ffmpeg, or set FFMPEG_PATH)");
  const seconds = (clip.clipStrategy.endTime - clip.clipStrategy.startTime) / 1000;
  // Asked by someone who waits for it: at normal priority, with every core.
  const { limits, threads } = encodeLimits(deps.config, seconds, true, deps.lease?.signal);
  const progress = createProgressWriter(deps, taskId, 0, CUT_SHARE);
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "vas-clip-"));
  try {
    const file = await cutClip({
      tools,
      input: await deps.storage.mediaToolInput(parent.storageKey),
      start: clip.clipStrategy.startTime / 1000,
      end: clip.clipStrategy.endTime / 1000,
      preset: deps.config.transcodePreset,
      threads,
      limits,
      workDir,
      onProgress: (fraction) => progress.report(fraction),
    }).catch((error: unknown) => {
      // ffmpeg's refusals are the clip's reason; a stopped run (the node closing, a cancel) is not.
      const refused = error instanceof ClipCutError || error instanceof SegmentEncodeError || error instanceof MediaRejectedError;
      if (refused && !limits.signal?.aborted) throw new NonRetriableError(`the clip could not be cut: ${error.message}`);
      throw error;
    });
    await deps.storage.moveFile(asset.storageKey, file, "video/mp4");
    await progress.flush(1);
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
