import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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
