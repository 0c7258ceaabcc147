import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { cidOfBytes } from "@/lib/ipfs/file-cid";
import { digestStream } from "@/lib/ipfs/file-digests";
import { expectedCid, KUBO_LAYOUT } from "../helpers/ipfs-cid";

describe("the asset's CID (DESIGN.md section 17)", () => {
  it("0 and 1 bytes give the CIDs of the documented layout", async () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array([0x61])]) {
      for (const version of [0, 1] as const) expect(await cidOfBytes(bytes, version)).toBe(await expectedCid(bytes, version));
    }
    // Kubo's well-known CIDs: the empty raw block, and the empty file of `ipfs add` (version 0).
    expect(await cidOfBytes(new Uint8Array(0), 1)).toBe("bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku");
    expect(await cidOfBytes(new Uint8Array(0), 0)).toBe("QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH");
    expect(await cidOfBytes(Buffer.from("hello\n"), 0)).toBe("QmZULkCELmmk5XNfCgTnCyFgAVxBRBXyDHGGMVoLFLiXEN");
  });

  it("sha256 and the CID come from one read of the stream, whatever its chunking", async () => {
    const bytes = Buffer.alloc(KUBO_LAYOUT.chunkSize * 3 + 17, 7);
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, 300_000), bytes.subarray(300_000)];
    let reads = 0;
    const stream = Readable.from((function* () {
      for (const piece of pieces) {
        reads++;
        yield piece;
      }
    })());
    const digests = await digestStream(stream, () => {});
    expect(reads).toBe(3);
    expect(digests.cidv1).toBe(await expectedCid(bytes));
    expect(digests.cidv1).toMatch(/^bafybei/);
    expect(digests.size).toBe(bytes.length);
  });

  it("keeps memory flat: after the first 128 MiB, the resident set grows by less than 128 MiB over the next 384 (holding them would add 384)", async () => {
    const chunk = Buffer.alloc(1 << 20, 1);
    const total = 512;
    let baseline = 0;
    let peak = 0;
    const stream = Readable.from((function* () {
      for (let i = 0; i < total; i++) {
        const rss = process.memoryUsage().rss;
        if (i === 128) baseline = rss;
        if (i >= 128) peak = Math.max(peak, rss);
        yield Buffer.from(chunk);
      }
    })());
    const digests = await digestStream(stream, () => {});
    expect(digests.size).toBe(total << 20);
    expect(peak - baseline).toBeLessThan(128 << 20);
  }, 120_000);
});
