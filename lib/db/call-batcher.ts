export interface BatchLimits {
  /** The most items one call carries. */
  maxBatch: number;
  /** The most calls under way at once; items that arrive meanwhile wait and go together in the next. */
  maxInFlight: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Turns `run`, which handles many items in one call (one statement, one commit), into a function
 * of one item. An item goes at once while fewer than `maxInFlight` calls are under way, so a
 * quiet service waits for nothing; under load, the items that arrive during a call go together
 * in the next. When a call of several fails, each of its items is tried alone, so one bad item
 * (a conflicting key) fails only its own caller. `run` answers its items' results in order.
 */
export function batchCalls<Item, Result>(run: (items: Item[]) => Promise<Result[]>, limits: BatchLimits): (item: Item) => Promise<Result> {
  const queue: Array<Waiting<Item, Result>> = [];
  let inFlight = 0;

  async function settle(batch: Array<Waiting<Item, Result>>) {
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      await Promise.all(batch.map((waiting) => settle([waiting])));
    }
  }

  function pump() {
    while (inFlight < limits.maxInFlight && queue.length > 0) {
      inFlight++;
      void settle(queue.splice(0, limits.maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
