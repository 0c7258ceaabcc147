import { spawn } from "node:child_process";
import { log } from "@/lib/log/log";
import { runMediaToolForOutput, toolReason, type MediaToolLimits } from "./media-tool";

const CHECK_TIMEOUT_MS = 10_000;

/** Whether each command runs, asked once per process: a missing ffmpeg stays missing until a restart. */
const checked = new Map<string, Promise<boolean>>();

/**
 * The ffmpeg to run: `configured` (FFMPEG_PATH), else `ffmpeg` on PATH; undefined when it does not
 * run (`-version` fails), which is logged once.
 */
export async function findFfmpeg(configured: string | undefined): Promise<string | undefined> {
  const command = configured ?? "ffmpeg";
  let check = checked.get(command);
  if (!check) {
    check = runs(command).then((ok) => {
      if (ok) log.info("media", `posters and renditions are made with ${command}`);
      else log.warn("media", `${command} does not run, so assets get no poster and only H.264/AAC MP4 files are accepted (install ffmpeg, or set FFMPEG_PATH)`);
      return ok;
    });
    checked.set(command, check);
  }
  return (await check) ? command : undefined;
}

function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ["-hide_banner", "-version"], { stdio: "ignore", timeout: CHECK_TIMEOUT_MS, killSignal: "SIGKILL" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

export interface FrameRequest {
  ffmpeg: string;
  /** A file path, `file:` URL or http(s) URL that ffmpeg can seek in. */
  input: string;
  atSeconds: number;
  maxWidth: number;
  limits: MediaToolLimits;
}

/** ffmpeg ran well but found no frame at that time (past the end of the video track). */
export class NoFrameError extends Error {
  override readonly name = "NoFrameError";

  constructor() {
    super("ffmpeg found no frame there");
  }
}

/** A JPEG is tens of kilobytes; anything near this is not a frame. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;

/**
 * Decoder threads for one frame: frame threading decodes (threads - 1) frames past the one wanted
 * and holds buffers per thread, so ffmpeg's default (cores + 1) costs more than it saves; two still
 * use a second core for the GOP decoded up to the frame.
 */
const FRAME_DECODE_THREADS = 2;

/**
 * One frame of the video at `atSeconds` as a JPEG at most `maxWidth` wide (never enlarged), read
 * from ffmpeg's standard output. `-ss` before `-i` seeks to the keyframe before that time and
 * decodes from there, never from the start. Rejects when ffmpeg fails, gives no frame, or is stopped.
 */
export async function extractJpegFrame(r: FrameRequest): Promise<Buffer> {
  const args = [
    "-nostdin", "-hide_banner", "-loglevel", "error", "-filter_threads", "1",
    "-threads", String(FRAME_DECODE_THREADS), "-ss", r.atSeconds.toFixed(3), "-i", r.input,
    "-frames:v", "1", "-an", "-sn", "-dn",
    "-vf", `scale='min(${r.maxWidth},iw)':-2`,
    "-f", "image2", "-c:v", "mjpeg", "-q:v", "4",
    "pipe:1",
  ];
  // The input may be a pre-signed URL: its signature must not reach a log.
  const { exit, output, truncated } = await runMediaToolForOutput(r.ffmpeg, args, r.limits, MAX_FRAME_BYTES, [r.input]);
  if (truncated) throw new Error("ffmpeg's frame was too large");
  if (exit.code !== 0 || exit.stoppedBecause) throw new Error(`no frame was made: ffmpeg ${toolReason(exit)}`);
  if (output.length === 0) throw new NoFrameError();
  return output;
}

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/**
 * ffmpeg and ffprobe when both run: what transcoding needs. ffprobe is FFPROBE_PATH, else the one
 * beside FFMPEG_PATH, else `ffprobe` on PATH.
 */
export async function findMediaTools(config: { ffmpegPath?: string; ffprobePath?: string }): Promise<MediaTools | undefined> {
  const ffmpeg = await findFfmpeg(config.ffmpegPath);
  if (!ffmpeg) return undefined;
  const beside = config.ffmpegPath?.includes("/") ? config.ffmpegPath.replace(/ffmpeg([^/]*)$/, "ffprobe$1") : undefined;
  const candidates = [config.ffprobePath, beside !== config.ffmpegPath ? beside : undefined, "ffprobe"].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    let check = checked.get(candidate);
    if (!check) {
      check = runs(candidate);
      checked.set(candidate, check);
    }
    if (await check) return { ffmpeg, ffprobe: candidate };
  }
  log.warn("media", `${ffmpeg} runs but no ffprobe does, so videos are not transcoded (install ffprobe, or set FFPROBE_PATH)`);
  return undefined;
}
