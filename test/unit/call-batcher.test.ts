import { describe, expect, it } from "vitest";
import { batchCalls } from "@/lib/db/call-batcher";

/** A `run` whose calls stay open until released, recording the items of each. */
function heldRun(fail: (item: number) => boolean = () => false) {
  const calls: number[][] = [];
  const releases: Array<() => void> = [];
  const run = (items: number[]) => {
    calls.push(items);
    return new Promise<string[]>((resolve, reject) => {
      releases.push(() => (items.some(fail) ? reject(new Error(`bad item in ${items}`)) : resolve(items.map((item) => `done ${item}`))));
    });
  };
  const releaseAll = async () => {
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { calls, run, releaseAll };
}

describe("batchCalls", () => {
  it("sends a lone item at once, and the items that arrive during a call together in the next", async () => {
    const held = heldRun();
    const insert = batchCalls(held.run, { maxBatch: 10, maxInFlight: 1 });
    const first = insert(1);
    expect(held.calls).toEqual([[1]]);
    const rest = [2, 3, 4].map((item) => insert(item));
    expect(held.calls).toEqual([[1]]);
    await held.releaseAll();
    expect(held.calls).toEqual([[1], [2, 3, 4]]);
    expect(await Promise.all([first, ...rest])).toEqual(["done 1", "done 2", "done 3", "done 4"]);
  });

  it("keeps to maxInFlight calls and maxBatch items per call", async () => {
    const held = heldRun();
    const insert = batchCalls(held.run, { maxBatch: 2, maxInFlight: 2 });
    const all = Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => insert(item)));
    expect(held.calls).toEqual([[1], [2]]);
    await held.releaseAll();
    expect(held.calls).toEqual([[1], [2], [3, 4], [5, 6], [7]]);
    expect(await all).toHaveLength(7);
  });

  it("fails only the item that fails alone when a call of several fails", async () => {
    const held = heldRun((item) => item === 3);
    const insert = batchCalls(held.run, { maxBatch: 10, maxInFlight: 1 });
    const results = [1, 2, 3, 4].map((item) => insert(item).then((value) => value, (error: Error) => error.message));
    await held.releaseAll();
    expect(await Promise.all(results)).toEqual(["done 1", "done 2", "bad item in 3", "done 4"]);
  });
});
