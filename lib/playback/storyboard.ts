import { text } from "node:stream/consumers";
import { ApiError } from "@/lib/api/errors";
import { memoryBytes } from "@/lib/storage/spliced-bytes";
import type { MediaBytes } from "@/lib/storage/types";
import { ensureStoryboard, storyboardKey } from "./make-storyboard";
import { mediaTokenQuery, openPlayback, playbackCacheControl } from "./open-playback";
import type { ThumbnailDeps } from "./thumbnail";

export type StoryboardFile = "storyboard.vtt" | "storyboard.jpg";

/**
 * The storyboard of a playable asset: a sprite JPEG of tiles and a WebVTT file whose cues cover
 * the whole video, each naming its tile (`#xywh=`). Made in the background once the asset is
 * ready (storyboard-task.ts); an asset older than that has it made on the first request for it.
 */
export async function openStoryboard(app: ThumbnailDeps, request: Request, playbackId: string, file: StoryboardFile): Promise<MediaBytes> {
  const { asset, access } = await openPlayback(app, request, playbackId);
  const key = storyboardKey(asset.id, file);
  let stored = await app.storage.stat(key);
  if (!stored) {
    const outcome = await ensureStoryboard(app, asset, request.signal);
    if (outcome === "no ffmpeg") throw new ApiError(503, ["storyboards are made with ffmpeg, which does not run on this server (install it, or set FFMPEG_PATH)"]);
    if (outcome === "no video") throw new ApiError(404, ["this asset has no video to make a storyboard of"]);
    stored = await app.storage.stat(key);
    if (!stored) throw new ApiError(503, ["the storyboard could not be made; try again shortly"]);
  }
  const contentType = file === "storyboard.vtt" ? "text/vtt" : "image/jpeg";
  if (file === "storyboard.vtt" && access.kind === "granted") {
    // A player fetches the sprite with nothing of its own: the cues carry the viewer's media token, as HLS playlists do.
    const cues = (await text(await app.storage.createReadStream(key))).replaceAll("storyboard.jpg#", `storyboard.jpg${mediaTokenQuery(access)}#`);
    return { ...memoryBytes(Buffer.from(cues)), contentType, cacheControl: "private, no-store" };
  }
  const size = stored.size;
  return { size, open: (range) => app.storage.createReadStream(key, range), contentType, cacheControl: playbackCacheControl(access, "immutable") };
}
