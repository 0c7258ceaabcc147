import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { splicedBytes, type SplicePart } from "@/lib/storage/spliced-bytes";
import type { ByteRange, Storage } from "@/lib/storage/types";

/** A stored object in memory whose reads are recorded, handed out in small chunks like a real stream. */
function recordingStorage(object: Buffer) {
  const reads: ByteRange[] = [];
  const storage = {
    async createReadStream(_key: string, range?: ByteRange) {
      const { start, end } = range ?? { start: 0, end: object.length - 1 };
      reads.push({ start, end });
      const bytes = object.subarray(start, end + 1);
      return Readable.from(Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7)));
    },
  } as unknown as Storage;
  return { storage, reads };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const object = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));

describe("splicedBytes", () => {
  const parts: SplicePart[] = [
    { bytes: Buffer.from("HEAD") },
    { offset: 10, length: 20 },
    { offset: 40, length: 5 },
    { offset: 90_000, length: 100 },
    { bytes: Buffer.from("MID") },
    { offset: 50, length: 10 },
  ];
  const expected = Buffer.concat([
    Buffer.from("HEAD"),
    object.subarray(10, 30),
    object.subarray(40, 45),
    object.subarray(90_000, 90_100),
    Buffer.from("MID"),
    object.subarray(50, 60),
  ]);

  it("gives the made bytes and the stored spans in order, reading near spans in one read and far ones apart", async () => {
    const { storage, reads } = recordingStorage(object);
    const source = splicedBytes(storage, "key", parts);
    expect(source.size).toBe(expected.length);
    expect((await readAll(await source.open({ start: 0, end: source.size - 1 }))).equals(expected)).toBe(true);
    // 10..45 is one read (the 10-byte gap is read and dropped); 90,000 is too far; 50 comes after made bytes.
    expect(reads).toEqual([{ start: 10, end: 44 }, { start: 90_000, end: 90_099 }, { start: 50, end: 59 }]);
  });

  it("answers any byte range with exactly those bytes, reading only what the range needs", async () => {
    for (const [start, end] of [[0, 0], [2, 6], [4, 23], [20, 130], [128, 133], [expected.length - 5, expected.length - 1]]) {
      const { storage, reads } = recordingStorage(object);
      const got = await readAll(await splicedBytes(storage, "key", parts).open({ start, end }));
      expect(got.equals(expected.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      const read = reads.reduce((sum, r) => sum + r.end - r.start + 1, 0);
      expect(read).toBeLessThanOrEqual(end - start + 1 + 10);
    }
  });

  it("fails the stream when the stored object ends before a span", async () => {
    const { storage } = recordingStorage(object.subarray(0, 95));
    await expect(readAll(await splicedBytes(storage, "key", [{ offset: 90, length: 10 }]).open({ start: 0, end: 9 }))).rejects.toThrow(/ended at byte 95/);
  });
});
