import { raiseTaskProgress } from "@/lib/db/tasks";
import { writerOf, type TaskDeps } from "./types";

const WRITE_INTERVAL_MS = 500;
/** Progress stays below 1 until the task is completed. */
export const RUNNING_CEILING = 0.99;

/** Writes monotonic progress to the task at most every 500 ms; `flush` writes the last value. */
export function createProgressWriter(deps: TaskDeps, taskId: string, from = 0, to = RUNNING_CEILING) {
  let lastWrite = 0;
  let reported = from;
  let pending: Promise<unknown> = Promise.resolve();

  const write = (fraction: number) => {
    const progress = Math.min(to, from + (to - from) * Math.max(0, Math.min(1, fraction)));
    if (progress <= reported) return;
    reported = progress;
    const now = deps.now();
    lastWrite = now;
    pending = pending.then(async () => {
      // Progress is written often while bytes move, so a cancel is noticed here within a write.
      if (!(await raiseTaskProgress(deps.db, taskId, progress, now, writerOf(deps)))) deps.lease?.lost();
    });
  };

  return {
    report(fraction: number) {
      if (deps.now() - lastWrite >= WRITE_INTERVAL_MS) write(fraction);
    },
    async flush(fraction: number) {
      write(fraction);
      await pending;
    },
  };
}
