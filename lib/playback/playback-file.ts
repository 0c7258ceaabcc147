import { notFound } from "@/lib/api/errors";
import type { StoredBytes } from "@/lib/api/range-response";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/types";
import { requirePlayableAsset } from "./playable-asset";

export type PlaybackFile = "video" | "poster";

/** The bytes of a playable asset's video or poster, from either store; 404 when there are none. */
export async function openPlaybackFile(
  deps: { db: Db; storage: Storage },
  playbackId: string,
  file: PlaybackFile,
): Promise<StoredBytes> {
  const asset = await requirePlayableAsset(deps.db, playbackId);
  const key = file === "video" ? asset.storageKey : asset.posterKey;
  const stored = key ? await deps.storage.stat(key) : undefined;
  if (!key || !stored) throw notFound(file === "video" ? "the video's file is missing" : "this asset has no poster");
  return { size: stored.size, open: (range) => deps.storage.createReadStream(key, range) };
}
