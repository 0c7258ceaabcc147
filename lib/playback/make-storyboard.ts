import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Config } from "@/lib/config/config";
import { findAsset } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import type { AssetRow, VideoTrackSpec } from "@/lib/db/schema";
import { log } from "@/lib/log/log";
import { findFfmpeg } from "@/lib/media/ffmpeg";
import { runMediaTool, toolReason } from "@/lib/media/media-tool";
import { assetThumbnailsPrefix, type Storage } from "@/lib/storage/types";

/** One tile every this many seconds: Livepeer's and Mux's storyboards are about as dense. */
export const STORYBOARD_INTERVAL_S = 5;
export const STORYBOARD_TILE_WIDTH = 160;
const COLUMNS = 10;
/**
 * Tiles one ffmpeg run seeks to: each is an input of its own, open at once, so this bounds the
 * run's memory (about 30 MiB per 1080p input).
 */
const TILES_PER_RUN = 10;
const RUN_TIMEOUT_MS = 5 * 60_000;
/** Background work: viewers' requests (thumbnails, segments) come first. */
const NICENESS = 10;

export type StoryboardMakerDeps = { db: Db; storage: Storage; config: Pick<Config, "ffmpegPath" | "ffmpegMemoryMb"> };

export type StoryboardOutcome = "made" | "stored already" | "no ffmpeg" | "no video" | "failed";

/** The storyboards this process is making, so the background task and a first request run ffmpeg once. */
const making = new Map<string, Promise<StoryboardOutcome>>();

/**
 * Makes the asset's storyboard unless it is stored: by its background task once the asset is
 * ready, or on the first request for an asset older than that task.
 */
export function ensureStoryboard(deps: StoryboardMakerDeps, asset: AssetRow, signal?: AbortSignal): Promise<StoryboardOutcome> {
  let made = making.get(asset.id);
  if (!made) {
    made = makeStoryboardUnlessStored(deps, asset, signal).finally(() => making.delete(asset.id));
    making.set(asset.id, made);
  }
  return made;
}

export function storyboardKey(assetId: string, file: "storyboard.vtt" | "storyboard.jpg"): string {
  return `${assetThumbnailsPrefix(assetId)}${file}`;
}

async function makeStoryboardUnlessStored(deps: StoryboardMakerDeps, asset: AssetRow, signal?: AbortSignal): Promise<StoryboardOutcome> {
  if (await deps.storage.stat(storyboardKey(asset.id, "storyboard.vtt"))) return "stored already";
  const ffmpeg = await findFfmpeg(deps.config.ffmpegPath);
  if (!ffmpeg) return "no ffmpeg";
  const video = asset.videoSpec?.tracks.find((t): t is VideoTrackSpec => t.type === "video");
  const duration = asset.videoSpec?.duration ?? 0;
  if (!video || duration <= 0) return "no video";
  const tiles = Math.max(1, Math.ceil(duration / STORYBOARD_INTERVAL_S));
  const columns = Math.min(COLUMNS, tiles);
  const rows = Math.ceil(tiles / columns);
  const width = STORYBOARD_TILE_WIDTH;
  const height = 2 * Math.max(1, Math.round((width * video.height) / video.width / 2));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyboard-"));
  try {
    const input = await deps.storage.mediaToolInput(asset.storageKey);
    const limits = { timeoutMs: RUN_TIMEOUT_MS, memoryMb: deps.config.ffmpegMemoryMb, niceness: NICENESS, signal };
    const run = async (args: string[]) => {
      const exit = await runMediaTool(ffmpeg, ["-nostdin", "-hide_banner", "-loglevel", "error", ...args], limits, [input]).done;
      if (exit.code !== 0 || exit.stoppedBecause) throw new Error(`ffmpeg ${toolReason(exit)}`);
    };
    for (let first = 0; first < tiles; first += TILES_PER_RUN) {
      const starts = Array.from({ length: Math.min(TILES_PER_RUN, tiles - first) }, (_, i) => (first + i) * STORYBOARD_INTERVAL_S);
      await run(tileFramesArgs(input, starts, width, height, path.join(dir, "%05d.bmp"), first));
    }
    const sprite = path.join(dir, "storyboard.jpg");
    await run(["-framerate", "1", "-start_number", "0", "-i", path.join(dir, "%05d.bmp"), "-vf", `tile=${columns}x${rows}`, "-frames:v", "1", "-q:v", "3", "-y", sprite]);
    await deps.storage.putFile(storyboardKey(asset.id, "storyboard.jpg"), sprite, "image/jpeg");
    // The cues name the sprite last: whoever finds the WebVTT finds its sprite too.
    const vtt = Buffer.from(storyboardVtt(duration, tiles, columns, width, height));
    await deps.storage.putObject(storyboardKey(asset.id, "storyboard.vtt"), vtt, "text/vtt");
    // Deleted meanwhile: its thumbnails went before these were written.
    if (!(await findAsset(deps.db, asset.id))) await deps.storage.deletePrefix(assetThumbnailsPrefix(asset.id));
    return "made";
  } catch (error) {
    log.warn(`asset ${asset.id}`, "no storyboard was made", error);
    return "failed";
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * One ffmpeg run writing the tiles at `starts` as numbered images from `firstNumber`: each an input
 * of its own seeked to the keyframe at or before its time (`-ss` before `-i`, `-noaccurate_seek`),
 * its keyframe taken, as storyboards usually show. Only keyframes are decoded (`-skip_frame nokey`):
 * one picture per tile, not a GOP's worth each nor the whole video, is what makes a long video's
 * storyboard quick.
 */
function tileFramesArgs(input: string, starts: number[], width: number, height: number, output: string, firstNumber: number): string[] {
  const inputs = starts.flatMap((start) => ["-threads", "1", "-skip_frame", "nokey", "-noaccurate_seek", "-ss", start.toFixed(3), "-i", input]);
  const frames = starts.map((_, i) => `[${i}:v:0]trim=end_frame=1,scale=${width}:${height},setsar=1,setpts=N[t${i}]`);
  const concat = `${starts.map((_, i) => `[t${i}]`).join("")}concat=n=${starts.length}:v=1:a=0`;
  return [...inputs, "-filter_complex", `${frames.join(";")};${concat}`, "-fps_mode", "passthrough", "-start_number", String(firstNumber), "-y", output];
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
