import { log } from "@/lib/log/log";
import { segmentMakerFor, type TranscodeDeps } from "./segment-maker";

/** With nothing to do, a node looks again this often (sooner when told of new work). */
const IDLE_CHECK_MS = 2_000;

export interface BackgroundTranscoding {
  /** New segments were planned: idle workers look now. */
  wake(): void;
  close(): Promise<void>;
}

/**
 * The node's pool of `concurrency` workers that make segments no viewer asked for yet, earliest
 * first, from every asset (the inline runner's side of section 18; on Inngest, the transcode-file
 * function's steps do it). Every node runs one; leases keep them from making a segment twice.
 */
export function startBackgroundTranscoding(deps: TranscodeDeps, concurrency: number): BackgroundTranscoding {
  const maker = segmentMakerFor(deps);
  let closed = false;
  let wakeUp: Array<() => void> = [];
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, IDLE_CHECK_MS);
      wakeUp.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  // A worker takes its next segment as soon as ffmpeg has ended the last one, and stores the last
  // meanwhile: no core waits on packaging, storage and the database. One such segment per worker
  // at most, so a worker never runs two ffmpegs.
  const worker = async () => {
    let storing: Promise<boolean> = Promise.resolve(true);
    while (!closed) {
      let encoded!: () => void;
      const freed = new Promise<boolean>((resolve) => (encoded = () => resolve(true)));
      const run = maker.workOnce(undefined, encoded).catch((error: unknown) => {
        log.warn("transcode", "background transcoding could not take work", error);
        return false;
      });
      const worked = await Promise.race([run, freed]);
      await storing;
      storing = run;
      if (!worked && !closed) await idle();
    }
    await storing;
  };
  const workers = Array.from({ length: concurrency }, () => worker());
  const wake = () => {
    const waiting = wakeUp;
    wakeUp = [];
    for (const resolve of waiting) resolve();
  };
  return {
    wake,
    async close() {
      closed = true;
      wake();
      await Promise.all(workers);
    },
  };
}
