import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECKED_BYTES_AT_EACH_END, refusalOf } from "@/lib/client/pre-upload-check";
import { openFileRangeReader } from "@/lib/media/file-range-reader";
import { probeMp4 } from "@/lib/media/probe-mp4";
import { MediaRejectedError } from "@/lib/media/types";
import { ffmpegInstalled } from "../helpers/media-tools";
import { freeBox, insertBefore, largeMoovAtTheEnd, moovInTheMiddle, topLevelBoxes } from "../helpers/mp4-layout";

const MiB = 1024 * 1024;
const mediaDir = path.join(import.meta.dirname, "../fixtures/media");
const fixtures = fs.readdirSync(mediaDir).filter((name) => name !== "README.md");
const read = (name: string) => fs.readFileSync(path.join(mediaDir, name));

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pre-upload-check-"));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** The service's verdict on these bytes, stored as a file: the reason an upload of them fails with, as lib/assets/process-upload.ts gives it. */
async function serviceReason(bytes: Buffer): Promise<string | undefined> {
  const file = path.join(workDir, "upload");
  fs.writeFileSync(file, bytes);
  const reader = await openFileRangeReader(file);
  try {
    await probeMp4(reader);
    return undefined;
  } catch (error) {
    if (error instanceof MediaRejectedError) return error.message;
    throw error;
  } finally {
    await reader.close();
  }
}

/** The browser's verdict, on the same bytes as a File. */
const browserReason = (bytes: Buffer, name = "upload.mp4") => refusalOf(new File([new Uint8Array(bytes)], name), false);

/**
 * The fixture grown past the two megabytes the browser reads, so that it judges from the first and
 * last one only: a 3 MiB `free` box before the last top-level box of an MP4, zeros after anything else.
 */
function grown(bytes: Buffer): Buffer {
  const boxes = topLevelBoxes(bytes);
  const isMp4 = boxes[0]?.type === "ftyp";
  return isMp4 ? insertBefore(bytes, boxes.at(-1)!.type, freeBox(3 * MiB)) : Buffer.concat([bytes, Buffer.alloc(3 * MiB)]);
}

describe("without ffmpeg on the server, the browser's pre-upload check gives the service's reason", () => {
  it.each(fixtures)("for %s", async (name) => {
    const bytes = read(name);
    expect(await browserReason(bytes, name)).toBe(await serviceReason(bytes));
  });

  it.each(fixtures)("for %s grown past 2 MiB, read only at its ends", async (name) => {
    const bytes = grown(read(name));
    expect(bytes.length).toBeGreaterThan(2 * CHECKED_BYTES_AT_EACH_END);
    expect(await browserReason(bytes, name)).toBe(await serviceReason(bytes));
  });

  it("for a text file named .mp4", async () => {
    const bytes = Buffer.from("hello world, this is not a video\n".repeat(4));
    const reason = await browserReason(bytes, "notes.mp4");
    expect(reason).toBe('not an MP4 file (starts with "hello wo")');
    expect(reason).toBe(await serviceReason(bytes));
  });
});

describe("the browser's pre-upload check leaves to the service what its bytes cannot tell", () => {
  it("passes a valid MP4 whose moov at the end is larger than the last megabyte", async () => {
    const bytes = largeMoovAtTheEnd(read("h264-aac-moov-end.mp4"), 3 * MiB / 2);
    expect(await serviceReason(bytes)).toBeUndefined();
    expect(await browserReason(bytes)).toBeUndefined();
  });

  it("passes a file whose moov lies in neither megabyte, even one the service refuses", async () => {
    const bytes = moovInTheMiddle(read("hevc-aac.mp4"));
    expect(await serviceReason(bytes)).toBe("unsupported video codec hevc (hvc1); only H.264 is accepted");
    expect(await browserReason(bytes)).toBeUndefined();
  });

  it("passes a file it cannot read", async () => {
    const unreadable = new File([new Uint8Array(read("hevc-aac.mp4"))], "gone.mp4");
    unreadable.slice = () => {
      throw new DOMException("The file could not be read", "NotReadableError");
    };
    expect(await refusalOf(unreadable, false)).toBeUndefined();
  });

  it("reads only the first and last megabytes of a large file", async () => {
    const bytes = insertBefore(read("hevc-aac.mp4"), "mdat", freeBox(16 * MiB));
    const file = new File([new Uint8Array(bytes)], "large.mp4");
    const sliced: number[] = [];
    const slice = file.slice.bind(file);
    file.slice = (start?: number, end?: number) => {
      const part = slice(start, end);
      sliced.push(part.size);
      return part;
    };
    expect(await refusalOf(file, false)).toBe("unsupported video codec hevc (hvc1); only H.264 is accepted");
    expect(sliced).toEqual([CHECKED_BYTES_AT_EACH_END, CHECKED_BYTES_AT_EACH_END]);
  });
});

/** A second-long 64×48 file of lavfi sources made by ffmpeg with these output options, as `name`. */
function made(name: string, ...options: string[]): Buffer {
  const output = path.join(workDir, name);
  execFileSync("ffmpeg", [
    "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1",
    "-f", "lavfi", "-i", "sine=duration=1",
    ...options, output,
  ]);
  return fs.readFileSync(output);
}

const transcodingReason = (bytes: Buffer, name: string) => refusalOf(new File([new Uint8Array(bytes)], name), true);

describe.skipIf(!ffmpegInstalled)("with ffmpeg on the server, the browser's pre-upload check takes any video", () => {
  it.each(["hevc-aac.mp4", "h264-pcm.mov", "h264-mp3.mp4", "vp9-opus.webm", "h264-aac.mp4", "h264-video-only.mp4"])(
    "passes %s",
    async (name) => {
      expect(await transcodingReason(read(name), name)).toBeUndefined();
    },
  );

  it.each([
    ["clip.mkv", ["-c:v", "mpeg4", "-c:a", "libmp3lame"]],
    ["clip.avi", ["-c:v", "mpeg4", "-c:a", "libmp3lame"]],
    ["clip.ts", ["-c:v", "libx264", "-c:a", "aac"]],
    ["clip.m2ts", ["-c:v", "libx264", "-c:a", "aac", "-mpegts_m2ts_mode", "1"]],
    ["clip.mpg", ["-c:v", "mpeg2video", "-c:a", "mp2"]],
    ["clip.flv", ["-c:v", "flv1", "-c:a", "aac"]],
    ["clip.wmv", ["-c:v", "wmv2", "-c:a", "wmav2"]],
    ["clip.mov", ["-c:v", "prores_ks", "-c:a", "pcm_s16le"]],
  ])("passes %s", async (name, options) => {
    expect(await transcodingReason(made(name, ...options), name)).toBeUndefined();
  });

  it("refuses an MP4 with sound and no video track, as the service does", async () => {
    const bytes = made("sound.mp4", "-map", "1:a", "-c:a", "aac");
    expect(await transcodingReason(bytes, "sound.mp4")).toBe("the file has no video track");
  });

  it("refuses sound files, random bytes, a text and an empty file by what they are", async () => {
    expect(await transcodingReason(made("sound.wav", "-map", "1:a"), "sound.wav")).toBe("not a video file (found a WAV sound file)");
    expect(await transcodingReason(made("sound.mp3", "-map", "1:a"), "song.mp4")).toBe("not a video file (found an MP3 file)");
    const random = read("random.bin");
    expect(await transcodingReason(random, "random.mp4")).toMatch(/^not a video file \(starts with bytes( [0-9a-f]{2}){8}\)$/);
    const text = Buffer.from("hello world, this is not a video\n".repeat(4));
    expect(await transcodingReason(text, "notes.mkv")).toBe('not a video file (starts with "hello wo")');
    expect(await transcodingReason(Buffer.alloc(0), "empty.mp4")).toBe("file is empty");
  });

  it("refuses a truncated MP4, as it does without ffmpeg", async () => {
    expect(await transcodingReason(read("truncated.mp4"), "truncated.mp4")).toBe("file is truncated");
  });
});
