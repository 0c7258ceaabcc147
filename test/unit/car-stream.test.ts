import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { carStream } from "@/lib/ipfs/car-stream";
import { cidOfStream } from "@/lib/ipfs/file-cid";

const MIB = 1 << 20;

function ones(mebibytes: number, onChunk: (i: number) => void = () => {}) {
  const chunk = Buffer.alloc(MIB, 1);
  return Readable.from((function* () {
    for (let i = 0; i < mebibytes; i++) {
      onChunk(i);
      yield Buffer.from(chunk);
    }
  })());
}

describe("the CAR stream (DESIGN.md section 17)", () => {
  it("is as long as counted with the CID, and keeps memory flat over 512 MiB", async () => {
    const { cid, carSize } = await cidOfStream(ones(512), 1);
    let baseline = 0;
    let peak = 0;
    const car = carStream(
      ones(512, (i) => {
        const rss = process.memoryUsage().rss;
        if (i === 128) baseline = rss;
        if (i >= 128) peak = Math.max(peak, rss);
      }),
      cid,
    );
    let length = 0;
    for await (const chunk of car as AsyncIterable<Uint8Array>) length += chunk.length;
    expect(length).toBe(carSize);
    // Flat: the process grows by a fraction of the 384 MiB streamed after the baseline (a copy of
    // the file would be all of it). RSS moves with the collector's timing: 52 MiB was seen once.
    expect(peak - baseline).toBeLessThan(96 * MIB);
  }, 120_000);

  it("fails rather than end quietly when the file no longer gives its CID", async () => {
    const { cid } = await cidOfStream(ones(1), 1);
    const car = carStream(ones(2), cid);
    await expect((async () => {
      for await (const chunk of car as AsyncIterable<Uint8Array>) void chunk;
    })()).rejects.toThrow(/CID is now/);
  });
});
