import { notFound } from "@/lib/api/errors";
import type { MediaBytes } from "@/lib/storage/types";
import { openPlayback, playbackCacheControl, type PlaybackDeps } from "./open-playback";

export type PlaybackFile = "video" | "poster";

/** The MP4 or the poster of a playable asset, from either store; 404 when there is none. */
export async function openPlaybackFile(app: PlaybackDeps, request: Request, playbackId: string, file: PlaybackFile): Promise<MediaBytes> {
  const { asset, access } = await openPlayback(app, request, playbackId);
  const key = file === "video" ? asset.storageKey : asset.posterKey;
  const stored = key ? await app.storage.stat(key) : undefined;
  if (!key || !stored) throw notFound(file === "video" ? "the video's file is missing" : "this asset has no poster");
  return {
    size: stored.size,
    open: (range) => app.storage.createReadStream(key, range),
    contentType: file === "video" ? "video/mp4" : "image/jpeg",
    cacheControl: playbackCacheControl(access, "changing"),
    ...(file === "video" && { delivery: { userId: asset.userId, secondsPerByte: (asset.videoSpec?.duration ?? 0) / Math.max(1, stored.size) } }),
  };
}
