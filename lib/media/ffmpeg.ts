import { spawn } from "node:child_process";
import { log } from "@/lib/log/log";

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
  timeoutMs: number;
  signal?: AbortSignal;
}

/** ffmpeg ran well but found no frame at that time (past the end of the video track). */
export class NoFrameError extends Error {
  override readonly name = "NoFrameError";

  constructor() {
    super("ffmpeg found no frame there");
  }
}

/** A JPEG is tens of kilobytes; anything near this is not a poster. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;
const STDERR_KEPT = 600;

/**
 * One frame of the video at `atSeconds` as a JPEG at most `maxWidth` wide (never enlarged), read
 * from ffmpeg's standard output. Rejects when ffmpeg fails, gives no frame, or runs out of time.
 */
export function extractJpegFrame(r: FrameRequest): Promise<Buffer> {
  const args = [
    "-nostdin", "-hide_banner", "-loglevel", "error",
    "-ss", r.atSeconds.toFixed(3), "-i", r.input,
    "-frames:v", "1", "-an", "-sn", "-dn",
    "-vf", `scale='min(${r.maxWidth},iw)':-2`,
    "-f", "image2", "-c:v", "mjpeg", "-q:v", "4",
    "pipe:1",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(r.ffmpeg, args, { stdio: ["ignore", "pipe", "pipe"], signal: r.signal, killSignal: "SIGKILL" });
    const timer = setTimeout(() => child.kill("SIGKILL"), r.timeoutMs);
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FRAME_BYTES) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_KEPT) stderr += chunk.toString("utf8");
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      // The input may be a pre-signed URL: its signature must not reach a log.
      const said = stderr.split(r.input).join("<input>").trim().slice(0, STDERR_KEPT);
      if (code === 0 && size > 0 && size <= MAX_FRAME_BYTES) return resolve(Buffer.concat(chunks));
      if (signal) return reject(new Error(size > MAX_FRAME_BYTES ? "ffmpeg's frame was too large" : `ffmpeg was stopped (${signal}) after ${r.timeoutMs / 1000} s or on request`));
      reject(code === 0 ? new NoFrameError() : new Error(`ffmpeg exited with ${code}${said ? `: ${said}` : ""}`));
    });
  });
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
