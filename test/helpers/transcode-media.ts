import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/** The sources of issue 34's acceptance, seconds long and small, made with ffmpeg's generators. */
export const TRANSCODE_SOURCES = {
  /** An iPhone's kind of file: HEVC in QuickTime with AAC, shown rotated (portrait). */
  "portrait-hevc.mov": { portrait: true, audio: true },
  "vp9-opus.webm": { portrait: false, audio: true },
  "prores-pcm.mov": { portrait: false, audio: true },
  "mpeg4-mp3.mkv": { portrait: false, audio: true },
  "hevc-silent.mp4": { portrait: false, audio: false },
  /** Already H.264/AAC: played as uploaded as the top rung, the smaller rungs made. */
  "h264-1080p-moov-end.mp4": { portrait: false, audio: true },
} as const;

export type TranscodeSource = keyof typeof TRANSCODE_SOURCES;

export const SOURCE_SECONDS = 5;

const picture = (size: string) => ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=30`];
const tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"];

const RECIPES: Record<TranscodeSource, string[]> = {
  "portrait-hevc.mov": [...picture("1280x720"), ...tone, "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac"],
  "vp9-opus.webm": [...picture("640x360"), ...tone, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "500k", "-c:a", "libopus"],
  "prores-pcm.mov": [...picture("640x360"), ...tone, "-c:v", "prores_ks", "-profile:v", "0", "-c:a", "pcm_s16le"],
  "mpeg4-mp3.mkv": [...picture("640x360"), ...tone, "-c:v", "mpeg4", "-q:v", "5", "-c:a", "libmp3lame"],
  "hevc-silent.mp4": [...picture("640x360"), "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
  "h264-1080p-moov-end.mp4": [...picture("1920x1080"), ...tone, "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "8M", "-maxrate", "8M", "-bufsize", "8M", "-g", "60", "-c:a", "aac"],
};

/** Writes the source into `dir` (no-op when there) and returns its path. */
export function makeTranscodeSource(dir: string, name: TranscodeSource): string {
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return file;
  const made = name === "portrait-hevc.mov" ? path.join(dir, "landscape-hevc.mov") : file;
  run(["-t", String(SOURCE_SECONDS), ...RECIPES[name], "-shortest", "-y", made]);
  // ffmpeg writes rotation metadata only when it copies the stream: a phone's display matrix.
  if (made !== file) run(["-i", made, "-c", "copy", "-metadata:s:v:0", "rotate=90", "-y", file]);
  return file;
}

function run(args: string[]): void {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.slice(0, 500)}`);
}

export async function ffprobeJson(input: string, args: string[]): Promise<Record<string, unknown> & { streams?: Array<Record<string, unknown>>; packets?: Array<Record<string, unknown>>; frames?: Array<Record<string, unknown>> }> {
  const { stdout } = await execFileAsync("ffprobe", ["-v", "error", "-print_format", "json", ...args, input], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** Everything ffmpeg says at `error` level decoding every frame of `input`, and how many video frames it decoded. */
export async function decodeAll(input: string): Promise<{ errors: string; frames: number }> {
  const { stdout, stderr } = await execFileAsync("ffmpeg", ["-hide_banner", "-v", "error", "-i", input, "-map", "0:v:0", "-f", "framemd5", "-"], { maxBuffer: 64 * 1024 * 1024 });
  return { errors: stderr.trim(), frames: stdout.split("\n").filter((line) => line && !line.startsWith("#")).length };
}
