import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/** Whether ffmpeg is on PATH here; CI installs it (.ci/run). */
export const ffmpegInstalled = spawnSync("ffmpeg", ["-hide_banner", "-version"], { stdio: "ignore" }).status === 0;

if (!ffmpegInstalled) console.warn("ffmpeg is not installed: the poster assertions are skipped (apt-get install ffmpeg; CI has it)");

/** An executable in `dir` that answers `-version` like ffmpeg and fails at every real job. */
export function writeFailingFfmpeg(dir: string): string {
  const file = path.join(dir, "broken-ffmpeg");
  fs.writeFileSync(file, '#!/bin/sh\nfor a in "$@"; do [ "$a" = -version ] && { echo "ffmpeg version 0 (broken)"; exit 0; }; done\necho "broken on purpose" >&2\nexit 1\n', { mode: 0o755 });
  return file;
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("not a JPEG");
  for (let at = 2; at + 9 < bytes.length && bytes[at] === 0xff; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes[at + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
  }
  throw new Error("no start-of-frame marker");
}

/** Test videos made with ffmpeg's generators: each a case the HLS packager must get right. */
export const TEST_VIDEOS = {
  /** B-frames (composition offsets, an edit list with a positive media time), moov at the end. */
  "b-frames-moov-end": ["-t", "14", "-c:v", "libx264", "-bf", "3", "-g", "50"],
  /** B-frames written with negative composition offsets (ctts version 1). */
  "negative-cts": ["-t", "8", "-c:v", "libx264", "-bf", "3", "-g", "50", "-movflags", "+negative_cts_offsets"],
  /** One keyframe every 10 s: segments longer than the 6 s target, never cut between keyframes. */
  "long-gop": ["-t", "25", "-c:v", "libx264", "-g", "250", "-keyint_min", "250", "-sc_threshold", "0"],
  /** About 50 MB: 10 s at a constant 40 Mbit/s (filler data makes up what the picture does not need). */
  "fifty-megabytes": ["-t", "10", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "40M", "-minrate", "40M", "-maxrate", "40M", "-bufsize", "40M", "-x264-params", "nal-hrd=cbr"],
} as const;

export type TestVideo = keyof typeof TEST_VIDEOS | "audio-tail";

/** Writes a 320×240 H.264/AAC test video into `dir` (no-op when there) and returns its path. */
export function makeTestVideo(dir: string, name: TestVideo): string {
  const file = path.join(dir, `${name}.mp4`);
  if (fs.existsSync(file)) return file;
  const video = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25"];
  const audio = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"];
  // Audio that goes on 3 s after the last frame: the last segment carries it.
  const args =
    name === "audio-tail"
      ? ["-t", "6", ...video, "-t", "9", ...audio, "-c:v", "libx264", "-g", "50"]
      : [...video, ...audio, ...TEST_VIDEOS[name]];
  run("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args, "-c:a", "aac", "-y", file]);
  return file;
}

/** The MD5 of every decoded video frame, in order: equal lists mean bit-identical pictures. */
export async function videoFrameHashes(input: string): Promise<string[]> {
  const out = await runAsync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", input, "-map", "0:v", "-f", "framemd5", "-"]);
  return out.split("\n").filter((line) => line && !line.startsWith("#")).map((line) => line.split(",").at(-1)!.trim());
}

/** Every error ffmpeg reports reading all of `input` with `-c copy` (none: it read every frame). */
export async function copyErrors(input: string): Promise<string> {
  return runAsync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", input, "-c", "copy", "-f", "null", "-"], { stderr: true });
}

/** The container's duration in seconds, as ffprobe reads it. */
export async function mediaDuration(input: string): Promise<number> {
  return Number((await runAsync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", input])).trim());
}

/** Whether the first video frame ffprobe finds in `file` is a keyframe. */
export async function startsWithKeyframe(file: string): Promise<boolean> {
  const out = await runAsync("ffprobe", ["-v", "error", "-select_streams", "v", "-show_frames", "-read_intervals", "%+#1", "-show_entries", "frame=key_frame", "-of", "csv=p=0", file]);
  return out.trim().split("\n")[0]?.split(",")[0] === "1";
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.slice(0, 500)}`);
  return result.stdout;
}

/** Asynchronous, so that a server in the test's own process can answer ffmpeg's requests meanwhile. */
async function runAsync(command: string, args: string[], options: { stderr?: boolean } = {}): Promise<string> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return options.stderr ? stderr : stdout;
  } catch (error) {
    throw new Error(`${command} failed: ${String((error as { stderr?: string }).stderr ?? error).slice(0, 500)}`);
  }
}
