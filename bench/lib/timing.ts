/** The value at percentile `p` of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export interface Timings {
  p50: number;
  p99: number;
}

/** Runs `call` `times` times one after another; its latencies in ms. */
export async function timeSequentially(times: number, call: (index: number) => Promise<void>): Promise<Timings> {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await call(i);
    latencies.push(performance.now() - started);
  }
  return summarize(latencies);
}

/** Runs `call` `times` times from each of `clients` clients at once; every call's latency in ms. */
export async function timeConcurrently(clients: number, times: number, call: () => Promise<void>): Promise<Timings> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summarize(latencies);
}

function summarize(latencies: number[]): Timings {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
