import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ApiError } from "@/lib/api/errors";
import type { AssetRow, VideoTrackSpec } from "@/lib/db/schema";
import { log } from "@/lib/log/log";
import { findFfmpeg } from "@/lib/media/ffmpeg";
import { runMediaTool, toolReason } from "@/lib/media/media-tool";
import { assetThumbnailsPrefix, type MediaBytes } from "@/lib/storage/types";
import { openPlayback, playbackCacheControl } from "./open-playback";
import type { ThumbnailDeps } from "./thumbnail";

/** One tile every this many seconds: Livepeer's and Mux's storyboards are about as dense. */
export const STORYBOARD_INTERVAL_S = 5;
export const STORYBOARD_TILE_WIDTH = 160;
const COLUMNS = 10;
const STORYBOARD_TIMEOUT_MS = 10 * 60_000;

export type StoryboardFile = "storyboard.vtt" | "storyboard.jpg";

/** The storyboards this process is making, so concurrent first requests run ffmpeg once. */
const making = new Map<string, Promise<void>>();

/**
 * The storyboard of a playable asset: a sprite JPEG of tiles, one every STORYBOARD_INTERVAL_S,
 * and a WebVTT file whose cues cover the whole video, each naming its tile (`#xywh=`). Made on
 * the first request for either, then stored with the asset's thumbnails and served unchanged.
 */
export async function openStoryboard(app: ThumbnailDeps, request: Request, playbackId: string, file: StoryboardFile): Promise<MediaBytes> {
  const { asset, access } = await openPlayback(app, request, playbackId);
  const key = `${assetThumbnailsPrefix(asset.id)}${file}`;
  let stored = await app.storage.stat(key);
  if (!stored) {
    let made = making.get(asset.id);
    if (!made) {
      made = makeStoryboard(app, asset).finally(() => making.delete(asset.id));
      making.set(asset.id, made);
    }
    await made;
    stored = await app.storage.stat(key);
    if (!stored) throw new ApiError(503, ["the storyboard could not be made; try again shortly"]);
  }
  const found = stored;
  return {
    size: found.size,
    open: (range) => app.storage.createReadStream(key, range),
    contentType: file === "storyboard.vtt" ? "text/vtt" : "image/jpeg",
    cacheControl: playbackCacheControl(access, "immutable"),
  };
}

async function makeStoryboard(app: ThumbnailDeps, asset: AssetRow): Promise<void> {
  const ffmpeg = await findFfmpeg(app.config.ffmpegPath);
  if (!ffmpeg) throw new ApiError(503, ["storyboards are made with ffmpeg, which does not run on this server (install it, or set FFMPEG_PATH)"]);
  const video = asset.videoSpec?.tracks.find((t): t is VideoTrackSpec => t.type === "video");
  const duration = asset.videoSpec?.duration ?? 0;
  if (!video || duration <= 0) throw new ApiError(404, ["this asset has no video to make a storyboard of"]);
  const tiles = Math.max(1, Math.ceil(duration / STORYBOARD_INTERVAL_S));
  const columns = Math.min(COLUMNS, tiles);
  const rows = Math.ceil(tiles / columns);
  const width = STORYBOARD_TILE_WIDTH;
  const height = 2 * Math.max(1, Math.round((width * video.height) / video.width / 2));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyboard-"));
  try {
    const sprite = path.join(dir, "storyboard.jpg");
    const input = await app.storage.mediaToolInput(asset.storageKey);
    const args = [
      "-nostdin", "-hide_banner", "-loglevel", "error", "-i", input, "-an", "-sn", "-dn",
      // Each tile is the first frame at or after its cue's start: what a seek to that time shows.
      "-vf", `select='eq(n\\,0)+not(eq(floor(t/${STORYBOARD_INTERVAL_S})\\,floor(prev_t/${STORYBOARD_INTERVAL_S})))',scale=${width}:${height},tile=${columns}x${rows}`,
      "-frames:v", "1", "-q:v", "3", "-y", sprite,
    ];
    const exit = await runMediaTool(ffmpeg, args, { timeoutMs: STORYBOARD_TIMEOUT_MS, memoryMb: app.config.ffmpegMemoryMb, niceness: 10 }, [input]).done;
    if (exit.code !== 0 || exit.stoppedBecause) {
      log.warn(`asset ${asset.id}`, `no storyboard was made: ffmpeg ${toolReason(exit)}`);
      return;
    }
    const prefix = assetThumbnailsPrefix(asset.id);
    await app.storage.putFile(`${prefix}storyboard.jpg`, sprite, "image/jpeg");
    // The cues name the sprite last: whoever finds the WebVTT finds its sprite too.
    await app.storage.putObject(`${prefix}storyboard.vtt`, Buffer.from(storyboardVtt(duration, tiles, columns, width, height)), "text/vtt");
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Cues back to back from 0 to `duration`, tile n from n × interval. The sprite's URL is relative
 * to the WebVTT's, so it holds whatever origin the service is reached by.
 */
export function storyboardVtt(duration: number, tiles: number, columns: number, width: number, height: number): string {
  const cues = Array.from({ length: tiles }, (_, n) => {
    const start = n * STORYBOARD_INTERVAL_S;
    const end = n === tiles - 1 ? duration : start + STORYBOARD_INTERVAL_S;
    const x = (n % columns) * width;
    const y = Math.floor(n / columns) * height;
    return `${vttTime(start)} --> ${vttTime(end)}\nstoryboard.jpg#xywh=${x},${y},${width},${height}\n`;
  });
  return `WEBVTT\n\n${cues.join("\n")}`;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}
