import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeAudioStream } from "@/lib/transcode/audio-stream";
import { ffmpegInstalled } from "../helpers/media-tools";

function ffmpeg(...args: string[]) {
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
}

/**
 * A file whose sound is three 2 s AAC pieces joined by stream copy (as the clip bench's source is
 * made): each piece carries its encoder's padding, so the sound overlaps itself where they meet.
 */
describe.skipIf(!ffmpegInstalled)("encodeAudioStream of a source whose sound overlaps itself", () => {
  let dir: string;
  let source: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-audio-length-"));
    const piece = path.join(dir, "piece.mp4");
    ffmpeg("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "2", "-c:a", "aac", piece);
    const list = path.join(dir, "pieces.txt");
    fs.writeFileSync(list, "file 'piece.mp4'\n".repeat(3));
    source = path.join(dir, "source.mp4");
    ffmpeg("-f", "concat", "-safe", "0", "-i", list, "-c", "copy", source);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("ends with the time asked (4.5 s from 0.5 s), not the overlapping pieces' extra frames later", async () => {
    const out = path.join(dir, "audio.mp4");
    const chunks: Uint8Array[] = [];
    await encodeAudioStream({
      ffmpeg: "ffmpeg",
      input: `file:${source}`,
      start: 0.5,
      duration: 4.5,
      limits: { timeoutMs: 60_000, memoryMb: 1024 },
      skip: () => false,
      onSegment: async (seq, bytes, init) => {
        if (seq === 0) chunks.push(init);
        chunks.push(bytes);
      },
    });
    fs.writeFileSync(out, Buffer.concat(chunks));
    const packets = Number(execFileSync("ffprobe", ["-v", "error", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", out], { encoding: "utf8" }).trim());
    // 4.5 s of 48 kHz sound in whole AAC frames of 1024 samples: 211 (4.501 s), one frame's time at most past 4.5 s.
    expect(packets).toBe(Math.ceil((4.5 * 48_000) / 1024));
  });
});
