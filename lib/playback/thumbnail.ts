import { ApiError, unprocessable } from "@/lib/api/errors";
import { POSTER_POSITION } from "@/lib/assets/make-poster";
import type { Config } from "@/lib/config/config";
import type { AssetRow, VideoTrackSpec } from "@/lib/db/schema";
import { log } from "@/lib/log/log";
import { extractJpegFrame, findFfmpeg, NoFrameError } from "@/lib/media/ffmpeg";
import { assetThumbnailsPrefix, type MediaBytes } from "@/lib/storage/types";
import { openPlayback, playbackCacheControl, type PlaybackDeps } from "./open-playback";

export type ThumbnailDeps = PlaybackDeps & { config: Pick<Config, "ffmpegPath" | "ffmpegMemoryMb"> };

export const MIN_THUMBNAIL_WIDTH = 16;
export const MAX_THUMBNAIL_WIDTH = 1920;
/** A viewer waits for it: a seek and a few frames' decode, far less than this even from S3. */
const THUMBNAIL_TIMEOUT_MS = 20_000;
/** No width asked: the video's own (ffmpeg never enlarges past it). */
const VIDEO_WIDTH = 65_535;
const SECONDS = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
/** A video whose frame rate is not known: a "frame" per millisecond. */
const FRAMES_PER_SECOND_UNKNOWN = 1000;

/**
 * Widths thumbnails are made at: an asked width is served at the largest of these not above it
 * (a thumbnail is at most as wide as asked). With times taken to the frame, an asset's stored
 * thumbnails are at most its frames × these widths (and its own), never one per query string.
 */
export const THUMBNAIL_WIDTHS = [16, 32, 48, 64, 96, 128, 160, 192, 240, 320, 480, 640, 960, 1280, 1920] as const;

interface ThumbnailQuery {
  /** The frame shown at the asked time: the cache key, and what ffmpeg is asked for. */
  frame: number;
  atSeconds: number;
  width?: number;
}

/**
 * `thumbnail.jpg?time=S&width=W` (Mux's image API): the frame shown at S seconds (default the
 * poster's time), at most W wide (default the video's width), made by ffmpeg from the keyframe
 * before S on first request and then served from storage, unchanged for ever.
 */
export async function openThumbnail(app: ThumbnailDeps, request: Request, playbackId: string): Promise<MediaBytes> {
  const { asset, access } = await openPlayback(app, request, playbackId);
  const duration = asset.videoSpec?.duration ?? 0;
  const query = readThumbnailQuery(new URL(request.url).searchParams, duration, videoFps(asset));
  const key = thumbnailKey(asset.id, query.frame, query.width);
  const stored = (await app.storage.stat(key)) ?? (await makeThumbnail(app, asset, query, key, request.signal));
  return {
    size: stored.size,
    open: (range) => app.storage.createReadStream(key, range),
    contentType: "image/jpeg",
    cacheControl: playbackCacheControl(access, "immutable"),
  };
}

function readThumbnailQuery(params: URLSearchParams, duration: number, fps: number): ThumbnailQuery {
  const time = params.get("time");
  const width = params.get("width");
  const errors: string[] = [];
  const seconds = time === null ? duration * POSTER_POSITION : SECONDS.test(time) ? Number(time) : NaN;
  if (!(seconds >= 0 && seconds <= duration)) errors.push(`time: must be a number of seconds from 0 to the video's duration (${duration} s)`);
  const pixels = width === null ? undefined : INTEGER.test(width) ? Number(width) : NaN;
  if (pixels !== undefined && !(pixels >= MIN_THUMBNAIL_WIDTH && pixels <= MAX_THUMBNAIL_WIDTH)) {
    errors.push(`width: must be a whole number of pixels from ${MIN_THUMBNAIL_WIDTH} to ${MAX_THUMBNAIL_WIDTH}`);
  }
  if (errors.length > 0) throw unprocessable(errors);
  return { ...frameAt(seconds, fps), width: pixels === undefined ? undefined : THUMBNAIL_WIDTHS.findLast((step) => step <= pixels) };
}

/** Where thumbnails are stored: one per frame and width. */
export function thumbnailKey(assetId: string, frame: number, width: number | undefined): string {
  return `${assetThumbnailsPrefix(assetId)}f${frame}-${width ?? "full"}.jpg`;
}

function videoFps(asset: AssetRow): number {
  const video = asset.videoSpec?.tracks.find((t): t is VideoTrackSpec => t.type === "video");
  return video && video.fps > 0 ? video.fps : FRAMES_PER_SECOND_UNKNOWN;
}

/**
 * The frame shown at `seconds` (the first at or after it, as ffmpeg's seek finds), and a time
 * ffmpeg finds that same frame at: times between two frames share one thumbnail.
 */
function frameAt(seconds: number, fps: number): { frame: number; atSeconds: number } {
  const frame = Math.max(0, Math.ceil(seconds * fps - 1e-6));
  // Rounded down to the millisecond, never past the frame's own time (ffmpeg would take the next).
  return { frame, atSeconds: Math.floor((frame / fps) * 1000) / 1000 };
}

async function makeThumbnail(app: ThumbnailDeps, asset: AssetRow, query: ThumbnailQuery, key: string, signal: AbortSignal) {
  const ffmpeg = await findFfmpeg(app.config.ffmpegPath);
  // The service, not the request, lacks something: the same URL works once ffmpeg is installed.
  if (!ffmpeg) throw new ApiError(503, ["thumbnails are made with ffmpeg, which does not run on this server (install it, or set FFMPEG_PATH)"]);
  const input = await app.storage.mediaToolInput(asset.storageKey);
  const jpeg = await extractJpegFrame({
    ffmpeg,
    input,
    atSeconds: query.atSeconds,
    maxWidth: query.width ?? VIDEO_WIDTH,
    limits: { timeoutMs: THUMBNAIL_TIMEOUT_MS, memoryMb: app.config.ffmpegMemoryMb, signal },
  }).catch((error: unknown) => {
    // A container's duration can overstate the video track's.
    if (error instanceof NoFrameError) throw unprocessable(["time: the video has no frame at this time (past its last frame)"]);
    log.warn(`asset ${asset.id}`, "no thumbnail was made", error);
    throw new ApiError(503, ["the thumbnail could not be made; try again shortly"]);
  });
  await app.storage.putObject(key, jpeg, "image/jpeg");
  return { size: jpeg.length };
}
