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
  const worker = async () => {
    while (!closed) {
      const worked = await maker.workOnce().catch((error: unknown) => {
        log.warn("transcode", "background transcoding could not take work", error);
        return false;
      });
      if (!worked && !closed) await idle();
    }
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
