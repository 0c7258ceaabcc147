import { randomUUID } from "node:crypto";
import { insertUpload } from "@/lib/db/insert-upload";
import { serializeTask } from "@/lib/tasks/serialize-task";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { assetSourceKey } from "@/lib/storage/types";
import { generatePlaybackId } from "./playback-id";
import { assetUrlContext, serializeAsset } from "./serialize-asset";

/**
 * Creates a `waiting` asset, its `pending` upload task and a one-time upload URL, and starts the
 * task, which waits for the file until the URL expires.
 */
export async function createUpload(
  deps: TaskDeps & { runner: TaskRunner },
  params: { userId: string; name: string; origin: string },
) {
  const now = deps.now();
  const assetId = randomUUID();
  const key = assetSourceKey(assetId);
  const expiresAt = now + deps.config.uploadUrlTtlSeconds * 1000;
  const { asset, task } = await insertUpload(deps.db, {
    assetId,
    userId: params.userId,
    playbackId: generatePlaybackId(),
    name: params.name,
    storageKey: key,
    uploadExpiresAt: expiresAt,
    taskParams: { upload: { uploadUrlExpiresAt: expiresAt, maxBytes: deps.config.maxUploadBytes } },
    createdAt: now,
  });
  const url = await deps.storage.createUploadUrl({
    assetId,
    key,
    expiresAt,
    maxBytes: deps.config.maxUploadBytes,
    origin: params.origin,
  });
  await deps.runner.enqueue(task);
  const publicAsset = await serializeAsset(asset, assetUrlContext(deps, params.origin));
  return { url, asset: publicAsset, task: serializeTask(task) };
}
