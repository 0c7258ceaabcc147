import { randomUUID } from "node:crypto";
import { generatePlaybackId } from "@/lib/assets/playback-id";
import type { NewUpload } from "@/lib/db/insert-upload";
import { assetSourceKey } from "@/lib/storage/types";

/**
 * An upload as a client's request-upload makes it: public, no import, no export on ready, its task
 * pending until the file arrives. Tests and benches that insert assets directly name only what
 * they care about.
 */
export function newUpload(fields: Pick<NewUpload, "userId" | "createdAt"> & Partial<NewUpload>): NewUpload {
  const assetId = fields.assetId ?? randomUUID();
  return {
    assetId,
    taskId: randomUUID(),
    playbackId: generatePlaybackId(),
    name: "video.mp4",
    playbackPolicy: "public",
    creatorId: null,
    sourceUrl: null,
    ipfsOnReady: null,
    taskPhase: "pending",
    taskSealedSecrets: null,
    targetSegmentSecs: null,
    profiles: null,
    staticMp4: false,
    storageKey: assetSourceKey(assetId),
    uploadExpiresAt: fields.createdAt,
    taskParams: {},
    taskRunAfter: fields.createdAt,
    ...fields,
  };
}
