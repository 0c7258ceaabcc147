import { insertUpload } from "@/lib/db/insert-upload";
import { serializeTask } from "@/lib/tasks/serialize-task";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { assetSourceKey } from "@/lib/storage/types";
import { uuidv7 } from "@/lib/uuid";
import { firstUploadCheckAt } from "./await-upload";
import { assertDefaultPinning } from "./ipfs-export";
import type { Asset, RequestUpload, UploadRequested } from "./schemas";
import { generatePlaybackId } from "./playback-id";
import { assetUrlContext, serializeAsset } from "./serialize-asset";
import { signTusToken, tusEndpointUrl } from "./tus-token";

/**
 * Creates a `waiting` asset, its `pending` upload task, a one-time upload URL and a tus endpoint
 * (the same single upload, resumable), and hands the
 * task to the runner, dormant until its first look for the file (or until the file arrives).
 */
export async function createUpload(
  deps: TaskDeps & { runner: TaskRunner; uploadSigningSecret: string },
  params: { userId: string; input: RequestUpload; origin: string },
): Promise<UploadRequested & { asset: Asset }> {
  const ipfsOnReady = params.input.storage?.ipfs;
  if (ipfsOnReady) assertDefaultPinning(deps.config);
  const now = deps.now();
  // Time-ordered ids: the busiest insert touches the right edge of the indexes (lib/uuid.ts).
  const assetId = uuidv7(now);
  const key = assetSourceKey(assetId);
  const expiresAt = now + deps.config.uploadUrlTtlSeconds * 1000;
  const { asset, task } = await insertUpload(deps.db, {
    assetId,
    taskId: uuidv7(now),
    userId: params.userId,
    playbackId: generatePlaybackId(),
    name: params.input.name,
    playbackPolicy: params.input.playbackPolicy?.type ?? "public",
    creatorId: params.input.creatorId ?? null,
    sourceUrl: null,
    ipfsOnReady: ipfsOnReady ? { ...ipfsOnReady } : null,
    targetSegmentSecs: params.input.targetSegmentSizeSecs ?? null,
    profiles: params.input.profiles ?? null,
    staticMp4: params.input.staticMp4 ?? false,
    storageKey: key,
    uploadExpiresAt: expiresAt,
    taskParams: { upload: { uploadUrlExpiresAt: expiresAt, maxBytes: deps.config.maxUploadBytes } },
    taskPhase: "pending",
    taskSealedSecrets: null,
    taskRunAfter: firstUploadCheckAt({ createdAt: now, expiresAt }, Boolean(deps.storage.directUploads)),
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
  const tusEndpoint = tusEndpointUrl(params.origin, signTusToken(deps.uploadSigningSecret, assetId, expiresAt));
  return { url, tusEndpoint, asset: publicAsset, task: serializeTask(task) };
}
