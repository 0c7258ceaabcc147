import { authorizePlayback, type PlaybackAccess, type PlaybackAuthDeps } from "@/lib/access-control/authorize-playback";
import type { AssetRow } from "@/lib/db/schema";
import { memoryBytes } from "@/lib/storage/spliced-bytes";
import type { MediaBytes, Storage } from "@/lib/storage/types";
import { requirePlayableAsset } from "./playable-asset";

/** What playing an asset takes from the app. */
export type PlaybackDeps = PlaybackAuthDeps & { storage: Storage };

export interface Playback {
  asset: AssetRow;
  access: PlaybackAccess;
}

/**
 * A playable asset and what the request may do with it: 404 for an unknown or not-ready
 * playbackId, 401/403 for a `jwt` asset without an accepted token. Read per request, so deleting
 * the asset or changing its policy takes effect at once.
 */
export async function openPlayback(app: PlaybackDeps, request: Request, playbackId: string): Promise<Playback> {
  const asset = await requirePlayableAsset(app.db, playbackId);
  return { asset, access: await authorizePlayback(app, request, asset) };
}

/**
 * `changing`: what may change or go (playlists, the MP4 of a deletable asset) is cached briefly;
 * `immutable`: HLS init and segments never change for a playbackId. A `jwt` asset's answers are
 * never cached by shared caches.
 */
export function playbackCacheControl(access: PlaybackAccess, lifetime: "changing" | "immutable"): string {
  if (access.kind !== "public") return "private, max-age=60";
  return lifetime === "immutable" ? "public, max-age=31536000, immutable" : "public, max-age=60";
}

/**
 * A playlist as the media route answers it: cached briefly when public; never kept otherwise, its
 * URIs carrying the viewer's media token.
 */
export function playlistBytes(access: PlaybackAccess, text: string): MediaBytes {
  return {
    ...memoryBytes(Buffer.from(text)),
    contentType: "application/vnd.apple.mpegurl",
    cacheControl: access.kind === "public" ? playbackCacheControl(access, "changing") : "private, no-store",
  };
}

/** The query a granted viewer's playlist URIs carry (their media token), for players that cannot add one. */
export function mediaTokenQuery(access: PlaybackAccess): string {
  return access.kind === "granted" ? `?token=${encodeURIComponent(access.mediaToken)}` : "";
}
