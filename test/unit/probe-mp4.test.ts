import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openFileRangeReader } from "@/lib/media/file-range-reader";
import { probeMp4 } from "@/lib/media/probe-mp4";
import { MediaRejectedError, type RangeReader } from "@/lib/media/types";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/media/${name}`, import.meta.url));

function memoryReader(bytes: Uint8Array): RangeReader {
  return { size: bytes.length, read: async (offset, length) => bytes.slice(offset, offset + length) };
}

function box(type: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(payload, 8);
  return out;
}

/** Top-level boxes of an MP4 held in memory, as [type, offset, size]. */
function topLevelBoxes(bytes: Uint8Array): Array<[string, number, number]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Array<[string, number, number]> = [];
  for (let pos = 0; pos < bytes.length;) {
    const size = view.getUint32(pos);
    boxes.push([new TextDecoder().decode(bytes.subarray(pos + 4, pos + 8)), pos, size]);
    pos += size;
  }
  return boxes;
}

function moovOf(bytes: Uint8Array): Uint8Array {
  const [, offset, size] = topLevelBoxes(bytes).find(([type]) => type === "moov")!;
  return bytes.subarray(offset, offset + size);
}

async function probeFixture(name: string) {
  const reader = await openFileRangeReader(fixture(name));
  try {
    return await probeMp4(reader);
  } finally {
    await reader.close();
  }
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaRejectedError);
  return (error as MediaRejectedError).message;
}

const h264Video = { type: "video", codec: "h264", width: 320, height: 240, fps: 25 };
const aacAudio = { type: "audio", codec: "aac", sampleRate: 44100, channels: 1 };

describe("probeMp4 on fixtures", () => {
  it.each(["h264-aac.mp4", "h264-aac-moov-end.mp4"])("accepts %s", async (name) => {
    const { videoSpec } = await probeFixture(name);
    expect(videoSpec).toMatchObject({ format: "mp4", tracks: [h264Video, aacAudio] });
    expect(videoSpec.duration).toBeCloseTo(2, 2);
    const [video, audio] = videoSpec.tracks;
    expect(video.bitrate).toBeGreaterThan(10_000);
    expect(audio.bitrate).toBeGreaterThan(30_000);
    expect(Number.isInteger(videoSpec.bitrate) && Number.isInteger(video.bitrate)).toBe(true);
    const size = readFileSync(fixture(name)).length;
    expect(videoSpec.bitrate).toBe(Math.round((size * 8) / videoSpec.duration));
  });

  it("accepts a video-only file", async () => {
    const { videoSpec } = await probeFixture("h264-video-only.mp4");
    expect(videoSpec).toMatchObject({ format: "mp4", tracks: [h264Video] });
    expect(videoSpec.tracks).toHaveLength(1);
    expect(videoSpec.duration).toBeCloseTo(2, 2);
  });

  it.each([
    ["hevc-aac.mp4", "unsupported video codec hevc (hvc1); only H.264 is accepted"],
    ["h264-mp3.mp4", "unsupported audio codec mp3 (mp4a.6b); only AAC is accepted"],
    ["h264-pcm.mov", "unsupported audio codec pcm (sowt); only AAC is accepted"],
    ["vp9-opus.webm", "not an MP4 file (found a WebM/Matroska file)"],
    ["random.bin", "not an MP4 file (starts with bytes 12 d1 50 9e 83 c4 ec da)"],
    ["truncated.mp4", "file is truncated"],
  ])("rejects %s", async (name, message) => {
    expect(await rejection(probeFixture(name))).toBe(message);
  });

  it.each([
    ["hevc-aac.mp4", "MP4 with hevc (hvc1) video 320×240 and aac (mp4a.40.2) audio"],
    ["h264-mp3.mp4", "MP4 with h264 (avc1) video 320×240 and mp3 (mp4a.6b) audio"],
    ["h264-pcm.mov", "MP4 with h264 (avc1) video 320×240 and pcm (sowt) audio"],
  ])("says what the refused %s holds", async (name, found) => {
    const error = await probeFixture(name).catch((e: unknown) => e);
    expect((error as MediaRejectedError).detectedFormat).toBe(found);
  });

  it("reads little more than the moov when it sits after mdat", async () => {
    const bytes = readFileSync(fixture("h264-aac-moov-end.mp4"));
    const types = topLevelBoxes(bytes).map(([type]) => type);
    expect(types.indexOf("moov")).toBeGreaterThan(types.indexOf("mdat"));

    let counted = 0;
    const inner = memoryReader(bytes);
    const { bytesRead } = await probeMp4({
      size: inner.size,
      read: async (offset, length) => {
        const chunk = await inner.read(offset, length);
        counted += chunk.length;
        return chunk;
      },
    });
    expect(bytesRead).toBe(counted);
    expect(bytesRead).toBeLessThan(moovOf(bytes).length + 256);
  });
});

describe("probeMp4 on synthetic input", () => {
  const moov = moovOf(readFileSync(fixture("h264-aac.mp4")));
  const ftyp = box("ftyp", new TextEncoder().encode("isom\0\0\x02\0isomavc1"));

  it("never reads the payload of a 5 GiB mdat declared with a 64-bit size", async () => {
    const mdatSize = 5 * 2 ** 30;
    const mdatHeader = new Uint8Array(16);
    const header = new DataView(mdatHeader.buffer);
    header.setUint32(0, 1);
    mdatHeader.set(new TextEncoder().encode("mdat"), 4);
    header.setBigUint64(8, BigInt(mdatSize));
    const head = new Uint8Array([...ftyp, ...mdatHeader]);
    const payloadStart = head.length;
    const moovStart = ftyp.length + mdatSize;
    const size = moovStart + moov.length;

    const reads: Array<[number, number]> = [];
    const reader: RangeReader = {
      size,
      async read(offset, length) {
        reads.push([offset, length]);
        const end = Math.min(offset + length, size);
        const out = new Uint8Array(end - offset);
        for (let pos = offset; pos < end; pos++) {
          if (pos < payloadStart) out[pos - offset] = head[pos];
          else if (pos >= moovStart) out[pos - offset] = moov[pos - moovStart];
          else throw new Error(`read inside mdat payload at ${pos}`);
        }
        return out;
      },
    };

    const { videoSpec, bytesRead } = await probeMp4(reader);
    expect(videoSpec.tracks).toMatchObject([h264Video, aacAudio]);
    expect(videoSpec.bitrate).toBe(Math.round((size * 8) / videoSpec.duration));
    expect(bytesRead).toBeLessThan(moov.length + 256);
    expect(reads.every(([offset, length]) => offset + length <= payloadStart || offset >= moovStart)).toBe(true);
  });

  it.each([
    ["an empty file", new Uint8Array(0), "file is empty"],
    ["a few bytes", new Uint8Array([1, 2, 3]), "not an MP4 file (starts with bytes 01 02 03)"],
    ["text", new TextEncoder().encode("hello world"), 'not an MP4 file (starts with "hello wo")'],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "not an MP4 file (found a PNG image)"],
    ["a WAV", new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "), "not an MP4 file (found a WAV sound file)"],
    ["only a free box", box("free", new Uint8Array(8)), "not an MP4 file"],
    ["an mdat without moov", new Uint8Array([...ftyp, ...box("mdat", new Uint8Array(64))]), "file is truncated"],
    [
      "a box running past the end",
      new Uint8Array([...ftyp, ...box("moov", new Uint8Array(64)).subarray(0, 40)]),
      "file is truncated",
    ],
    [
      "a box size smaller than its header",
      new Uint8Array([0, 0, 0, 4, ...new TextEncoder().encode("ftyp")]),
      "not an MP4 file",
    ],
    [
      "a fragmented file",
      new Uint8Array([...ftyp, ...moov, ...box("moof", new Uint8Array(8))]),
      "fragmented MP4 is not supported",
    ],
    ["a moov without tracks", new Uint8Array([...ftyp, ...box("moov", new Uint8Array(0))]), "not an MP4 file"],
  ])("rejects %s", async (_, bytes, message) => {
    expect(await rejection(probeMp4(memoryReader(bytes)))).toBe(message);
  });

  it("rejects an oversized moov without reading it", async () => {
    const moovSize = 300 * 2 ** 20;
    const head = new Uint8Array([...ftyp, ...box("moov", new Uint8Array(0))]);
    new DataView(head.buffer).setUint32(ftyp.length, moovSize);
    let bytesRead = 0;
    const reader: RangeReader = {
      size: ftyp.length + moovSize,
      read: async (offset, length) => {
        const chunk = head.slice(offset, offset + length);
        bytesRead += chunk.length;
        return chunk;
      },
    };
    expect(await rejection(probeMp4(reader))).toBe("moov box too large");
    expect(bytesRead).toBeLessThan(64);
  });

  it("turns any corruption of the moov into a MediaRejectedError", async () => {
    let seed = 1;
    const random = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    for (let round = 0; round < 500; round++) {
      const corrupted = new Uint8Array([...ftyp, ...moov]);
      for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) {
        corrupted[ftyp.length + 8 + Math.floor(random() * (moov.length - 8))] = Math.floor(random() * 256);
      }
      await probeMp4(memoryReader(corrupted)).catch((error: unknown) => {
        expect(error).toBeInstanceOf(MediaRejectedError);
      });
    }
  });
});

describe("openFileRangeReader", () => {
  it("reads ranges and returns short reads only at EOF", async () => {
    const bytes = readFileSync(fixture("random.bin"));
    const reader = await openFileRangeReader(fixture("random.bin"));
    try {
      expect(reader.size).toBe(bytes.length);
      expect(await reader.read(100, 16)).toEqual(new Uint8Array(bytes.subarray(100, 116)));
      expect(await reader.read(bytes.length - 4, 16)).toEqual(new Uint8Array(bytes.subarray(bytes.length - 4)));
      expect(await reader.read(bytes.length, 16)).toHaveLength(0);
    } finally {
      await reader.close();
    }
  });
});
