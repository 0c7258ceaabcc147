import { randomUUID } from "node:crypto";
import { insertAsset } from "@/lib/db/assets";
import { insertTask } from "@/lib/db/tasks";
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
  const { asset, task } = await deps.db.transaction(async (tx) => {
    const asset = await insertAsset(tx, {
      id: assetId,
      userId: params.userId,
      playbackId: generatePlaybackId(),
      name: params.name,
      status: "waiting",
      storageKey: key,
      uploadExpiresAt: expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    const task = await insertTask(tx, {
      userId: params.userId,
      type: "upload",
      inputAssetId: assetId,
      params: { upload: { uploadUrlExpiresAt: expiresAt, maxBytes: deps.config.maxUploadBytes } },
      phase: "pending",
      statusUpdatedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return { asset, task };
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
