import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { generatePlaybackId } from "@/lib/assets/playback-id";
import type { Asset } from "@/lib/assets/schemas";
import { assetUrlContext, serializeAsset } from "@/lib/assets/serialize-asset";
import { findAssetByPlaybackId } from "@/lib/db/assets";
import { insertClipWithinCap } from "@/lib/db/clips";
import type { AssetRow } from "@/lib/db/schema";
import { assetSourceKey } from "@/lib/storage/types";
import { withinCapOrRefuse } from "@/lib/tasks/active-task-cap";
import { queueTask } from "@/lib/tasks/queue-task";
import type { Task } from "@/lib/tasks/schemas";
import { serializeTask } from "@/lib/tasks/serialize-task";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { uuidv7 } from "@/lib/uuid";
import type { ClipParams, CreateClip } from "./schemas";

const NAME_LIMIT = 512;

/**
 * Livepeer's createClip of one of the caller's ready assets: checks the times against its video
 * (422 naming the field), then makes the clip's `waiting` asset (the parent's playback policy and
 * ladder, `source` naming the parent) and its `clip` task, which cuts the file and checks it as
 * an upload (lib/clips/clip-task.ts).
 */
export async function createClip(
  deps: TaskDeps & { runner: TaskRunner },
  params: { userId: string; input: CreateClip; origin: string },
): Promise<{ asset: Asset; task: Task }> {
  const { input } = params;
  const parent = await findAssetByPlaybackId(deps.db, input.playbackId);
  // Another user's asset is answered as no asset at all.
  if (!parent || parent.userId !== params.userId) throw notFound("no asset of yours has this playbackId");
  if (parent.status !== "ready") throw conflict(`the asset is ${parent.status}; only a ready asset can be clipped`);
  const endTime = input.endTime ?? durationMs(parent);
  checkTimes(parent, input.startTime, endTime);
  const now = deps.now();
  const assetId = uuidv7(now);
  const taskId = uuidv7(now);
  const taskParams: ClipParams = { clip: { clipStrategy: { playbackId: parent.playbackId, startTime: input.startTime, endTime }, inputId: parent.id } };
  const limit = deps.config.maxActiveTasksPerUser;
  const inserted = await insertClipWithinCap(
    deps.db,
    {
      asset: {
        id: assetId,
        userId: params.userId,
        playbackId: generatePlaybackId(),
        name: input.name ?? `Clip of ${parent.name}`.slice(0, NAME_LIMIT),
        status: "waiting",
        storageKey: assetSourceKey(assetId),
        // Nothing is ever uploaded to a clip: its file is cut here.
        uploadExpiresAt: now,
        playbackPolicy: parent.playbackPolicy,
        clipSource: { sourceId: parent.id, playbackId: parent.playbackId },
        targetSegmentSecs: parent.targetSegmentSecs,
        profiles: parent.profiles,
        staticMp4: parent.staticMp4,
        createdAt: now,
        updatedAt: now,
      },
      task: {
        id: taskId,
        userId: params.userId,
        type: "clip",
        inputAssetId: assetId,
        params: { ...taskParams },
        phase: "waiting",
        statusUpdatedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    },
    limit,
  );
  const task = withinCapOrRefuse(inserted, limit, () => conflict("the clip could not be created"));
  await queueTask(deps, deps.runner, task);
  return { asset: await serializeAsset(inserted.asset!, assetUrlContext(deps, params.origin)), task: serializeTask(task) };
}

function durationMs(asset: AssetRow): number {
  return Math.round((asset.videoSpec?.duration ?? 0) * 1000);
}

/** Times within the video, the end after the start, at least one frame apart; 422 naming each field that is not. */
function checkTimes(asset: AssetRow, startTime: number, endTime: number) {
  const duration = durationMs(asset);
  const fps = asset.videoSpec?.tracks.find((track) => track.type === "video")?.fps || 30;
  const frameMs = Math.ceil(1000 / fps);
  const errors: string[] = [];
  if (startTime >= duration) errors.push(`startTime: must be before the end of the video (${duration} ms)`);
  if (endTime > duration) errors.push(`endTime: must be at most the video's duration (${duration} ms)`);
  else if (endTime <= startTime) errors.push("endTime: must be after startTime");
  else if (endTime - startTime < frameMs) errors.push(`endTime: the clip must last at least one frame (${frameMs} ms)`);
  if (errors.length) throw unprocessable(errors);
}
