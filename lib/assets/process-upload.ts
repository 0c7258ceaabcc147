import { findAsset, updateAsset } from "@/lib/db/assets";
import type { VideoSpec } from "@/lib/db/schema";
import { findTask } from "@/lib/db/tasks";
import { writePackagingIndex, type PackagedAsset } from "@/lib/hls/index-store";
import { digestStream } from "@/lib/ipfs/file-digests";
import { log } from "@/lib/log/log";
import { probeMp4 } from "@/lib/media/probe-mp4";
import { MediaRejectedError } from "@/lib/media/types";
import { UploadTooLargeError } from "@/lib/storage/local-store";
import { assetPosterKey } from "@/lib/storage/types";
import { createProgressWriter } from "@/lib/tasks/progress";
import { finishTask } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, type StepTools, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { awaitUpload } from "./await-upload";
import { importSource, importUrlOf } from "@/lib/import/import-source";
import { unprocessable } from "@/lib/api/errors";
import { validateBody } from "@/lib/api/parse";
import { redactedSourceUrl } from "@/lib/import/source-url";
import { retryImportRequestSchema } from "./schemas";
import { failCancelledUpload } from "./fail-cancelled-upload";
import { startAskedIpfsExport } from "./ipfs-export";
import { makePoster } from "./make-poster";
import { recordStoryboardTask, startStoryboard } from "@/lib/playback/storyboard-task";
import { assetHashes } from "./serialize-asset";
import { findMediaTools, type MediaTools } from "@/lib/media/ffmpeg";
import { probeMedia, type ProbedMedia } from "@/lib/media/probe-media";
import { probeLimits } from "@/lib/transcode/media-limits";
import { planRenditions, videoSpecOf, type CheckedSource, type PlannedAsset } from "@/lib/transcode/plan-renditions";
import { recordTranscodeWork, startTranscode } from "@/lib/transcode/record-transcode";

/** Share of the task's progress given to probing; hashing the whole file is the rest. */
const PROBE_SHARE = 0.05;

/**
 * The `upload` task: wait for the file (awaitUpload) or, for an import, fetch it (lib/import), check it (MP4 boxes by ranged reads,
 * codecs), hash it (sha256 and its IPFS CID) in one streaming pass, make its poster when ffmpeg is there, and move the asset
 * to `ready` — or to `failed` with the reason.
 */
export const processUploadTask: TaskDefinition = {
  type: "upload",
  awaitInput: awaitUpload,
  laneOf: (task) => (importUrlOf(task) ? "import" : "upload"),

  // Step results come back from the runner (from Inngest's calls): none names an asset or a file.
  // Each step finds them from the task, in the database.
  async run(taskId, step, deps) {
    const { importing } = await step.run("load-asset", async () => ({ importing: (await loadAsset(deps, taskId)).importing }));
    if (importing) await importSource(taskId, step, deps);
    await checkStoredFile(taskId, step, deps, PROBE_SHARE);
  },

  async onFailure(task, message, deps) {
    if (!task.inputAssetId) return;
    await updateAsset(deps.db, task.inputAssetId, { status: "failed", errorMessage: message, updatedAt: deps.now() });
    // An import's partial file.
    if (importUrlOf(task)) await deps.storage.resumable.discard(task.inputAssetId);
  },

  async onCancel(task, deps) {
    if (!task.inputAssetId) return;
    await failCancelledUpload(deps, task.inputAssetId);
    if (importUrlOf(task)) await deps.storage.resumable.discard(task.inputAssetId);
  },

  /**
   * An import runs again from its URL; one whose credentials were sealed (they are erased when the
   * task ends) is given its whole URL again: `{"url"}`, the same URL but for them. Uploads are
   * retried without a body.
   */
  prepareRetry(task, body) {
    const shown = importUrlOf(task);
    const empty = body === undefined || (typeof body === "object" && body !== null && Object.keys(body).length === 0);
    if (empty) return null;
    if (!shown) throw unprocessable(["body: upload tasks are retried without a body"]);
    const { url } = validateBody(body, retryImportRequestSchema);
    if (redactedSourceUrl(new URL(url)) !== shown) throw unprocessable([`url: must be the import's URL (${shown}), with its credentials`]);
    return { url };
  },
};

/**
 * The check of a stored file, the same for every way a file arrives (an upload, an import, a
 * clip): probe it, plan its renditions, hash it (progress from `hashFrom` to the end), make its
 * poster, record the asset `ready` and the task completed together, then start what follows.
 */
export async function checkStoredFile(taskId: string, step: StepTools, deps: TaskDeps, hashFrom: number): Promise<void> {
  const probed = await step.run("probe-mp4", async () => probeStoredFile(deps, await loadAsset(deps, taskId)));
  const { videoSpec } = probed;
  const plan = await step.run("plan-renditions", async () => planAssetRenditions(deps, await loadAsset(deps, taskId), probed));
  const { sha256, md5, cidv1, carSize, size } = await step.run("hash-file", async () =>
    hashStoredFile(deps, taskId, (await loadAsset(deps, taskId)).storageKey, probed.size, hashFrom),
  );
  const hasPoster = await step.run("make-poster", async () => (await makePoster(deps, await loadAsset(deps, taskId), videoSpec)) !== null);
  // The asset follows the task: a run that lost its task (or a late duplicate) changes neither.
  await step.run("record-ready", async () => {
    const asset = await loadAsset(deps, taskId);
    await deps.db.transaction(async (tx) => {
      const output = { upload: { videoSpec, size, hash: assetHashes({ sha256, cidv1, md5 }) } };
      if (!(await finishTask({ ...deps, db: tx }, taskId, { phase: "completed", output }))) return;
      const posterKey = hasPoster ? assetPosterKey(asset.id) : null;
      const ready = { status: "ready" as const, size, sha256, md5, cidv1, carSize, videoSpec, posterKey, transcode: plan, errorMessage: null, updatedAt: deps.now() };
      await updateAsset(tx, asset.id, ready);
      if (plan) await recordTranscodeWork(tx, asset, plan, deps.now());
      // A poster made means ffmpeg runs here and the file has a picture: its storyboard can be made too.
      if (hasPoster) await recordStoryboardTask(tx, asset, deps.now());
    });
  });
  await step.run("start-transcode", async () => startTranscode(deps, (await loadAsset(deps, taskId)).id));
  await step.run("start-storyboard", async () => startStoryboard(deps, (await loadAsset(deps, taskId)).id));
  await step.run("export-to-ipfs", async () => startAskedIpfsExport(deps, await loadAsset(deps, taskId)));
}

async function loadAsset(deps: TaskDeps, taskId: string) {
  const task = await findTask(deps.db, taskId);
  const asset = task?.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
  if (!task || !asset) throw new NonRetriableError("the asset was deleted");
  return {
    id: asset.id,
    userId: asset.userId,
    storageKey: asset.storageKey,
    targetSegmentSecs: asset.targetSegmentSecs,
    profiles: asset.profiles,
    importing: importUrlOf(task) !== undefined,
  };
}

/**
 * The file's spec, and its size for the hash step's progress. A refused file's size (and what was
 * found in it) is kept on the asset, so that its page can say what arrived. An accepted file's
 * moov, read for the check, also gives its HLS packaging index.
 */
async function probeStoredFile(deps: TaskDeps, asset: PackagedAsset): Promise<{ videoSpec: VideoSpec; size: number; probed?: ProbedMedia }> {
  const key = asset.storageKey;
  const stored = await deps.storage.stat(key);
  if (!stored) throw new NonRetriableError("the uploaded file is missing from storage");
  const refuse = async (reason: string, detectedFormat?: string) => {
    await updateAsset(deps.db, asset.id, { size: stored.size, detectedFormat: detectedFormat ?? null });
    return new NonRetriableError(reason);
  };
  if (stored.size > deps.config.maxUploadBytes) {
    await deps.storage.delete(key);
    throw await refuse(new UploadTooLargeError(deps.config.maxUploadBytes).message);
  }
  const reader = await deps.storage.openRangeReader(key);
  try {
    const { videoSpec, moov } = await probeMp4(reader);
    await writePackagingIndex(deps.storage, asset, moov).catch((error: unknown) =>
      // The MP4 still plays; the first HLS request tries again and says why it cannot.
      log.warn("upload", `no HLS packaging index for asset ${asset.id}`, error),
    );
    return { videoSpec, size: stored.size };
  } catch (error) {
    if (!(error instanceof MediaRejectedError)) throw error;
    // A cut-short MP4 is refused as such: ffmpeg would read its moov and fail later, segment by segment.
    if (/truncated|empty/.test(error.message)) throw await refuse(error.message, error.detectedFormat);
    const tools = await findMediaTools(deps.config);
    if (!tools) throw await refuse(withoutFfmpeg(error.message), error.detectedFormat);
    return await probeWithFfmpeg(deps, tools, asset, stored.size).catch(async (probeError: unknown) => {
      if (probeError instanceof MediaRejectedError) throw await refuse(probeError.message, probeError.detectedFormat);
      throw probeError;
    });
  } finally {
    await reader.close();
  }
}

/** A file that is not an H.264/AAC MP4: ffprobe reads it, to be transcoded (DESIGN.md section 18). */
async function probeWithFfmpeg(deps: TaskDeps, tools: MediaTools, asset: PackagedAsset, size: number) {
  const input = await deps.storage.mediaToolInput(asset.storageKey);
  const limits = { maxVideoPixels: deps.config.maxVideoPixels, maxDurationSeconds: deps.config.maxDurationSeconds };
  const probed = await probeMedia(tools, input, limits, probeLimits(deps.config, deps.lease?.signal));
  return { videoSpec: videoSpecOf(probed, size), size, probed };
}

/** Today's rule without ffmpeg; the reason says what ffmpeg would change. */
function withoutFfmpeg(reason: string): string {
  return /larger than/.test(reason) ? reason : `${reason} (this server has no ffmpeg; with it, the file would be transcoded)`;
}

/** The renditions to make, when this node can make them (ffmpeg and ffprobe). */
async function planAssetRenditions(deps: TaskDeps, asset: PlannedAsset, checked: { videoSpec: VideoSpec; probed?: ProbedMedia }) {
  const tools = await findMediaTools(deps.config);
  if (!tools) return null;
  const source: CheckedSource = checked.probed ? { kind: "transcode", videoSpec: checked.videoSpec, probed: checked.probed } : { kind: "as-is", videoSpec: checked.videoSpec };
  return planRenditions(deps, tools, asset, source);
}

async function hashStoredFile(deps: TaskDeps, taskId: string, key: string, size: number, from: number) {
  const progress = createProgressWriter(deps, taskId, from);
  const result = await digestStream(
    await deps.storage.createReadStream(key),
    (bytes) => progress.report(bytes / Math.max(1, size)),
    deps.lease?.signal,
  );
  await progress.flush(1);
  return result;
}
