import { inSpan } from "@/lib/telemetry/spans";
import { isRunStopped } from "./task-lifecycle";
import { isTaskError, type StepTools } from "./types";

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  /** The jitter's source, a number in [0, 1): Math.random unless a test needs a known wait. */
  random?: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000 };

/**
 * Full jitter (a random wait up to the exponential backoff): runs that failed together do not
 * retry together, and on average wait half as long.
 */
export function backoffWithJitter(baseDelayMs: number, attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * baseDelayMs * 2 ** attempt);
}

/** What the runner does for a run's steps. */
export interface RunnerHooks {
  /** `step.sleep`: the task is dormant until then (its slot is freed). */
  sleep(ms: number): Promise<void>;
  /** The pause before a retry: the task is still under way (its slot is freed). */
  backoff(ms: number): Promise<void>;
  /** Throws when the run may no longer write to its task (another node took it over). */
  checkLease(): void;
  now(): number;
}

/** The results of the run's finished steps, kept where a resumed run finds them (lib/db/task-steps.ts). */
export interface StepMemory {
  recall(stepId: string): { value?: unknown } | undefined;
  remember(stepId: string, result: { value?: unknown }): Promise<void>;
}

/**
 * In-process `step`, as Inngest runs one: each step is retried with Inngest's policy (exponential
 * backoff, here with full jitter), and a step the run already finished, before a stop or a crash,
 * is not run again: its recorded result is returned. A name used again in one run is a new step
 * (`name:2`, …), as Inngest counts them.
 */
export function createInlineStep(
  policy: RetryPolicy,
  onRetry: (stepName: string, error: unknown) => Promise<void>,
  hooks: RunnerHooks,
  memory?: StepMemory,
): StepTools {
  const seen = new Map<string, number>();
  const stepIdOf = (name: string) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}:${count}`;
  };
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const stepId = stepIdOf(name);
      const recalled = memory?.recall(stepId);
      if (recalled) return recalled.value as T;
      return inSpan(`step ${name}`, { "task.step": stepId }, async () => {
        for (let attempt = 0; ; attempt++) {
          hooks.checkLease();
          try {
            const value = await fn();
            await memory?.remember(stepId, { value });
            return value;
          } catch (error) {
            hooks.checkLease();
            // A step that stops its run (the node is closing) is not a failure: the run ends, its task goes on later.
            if (isRunStopped(error)) throw error;
            const retriable = !isTaskError(error) || error.retriable;
            if (!retriable || attempt >= policy.maxRetries) throw error;
            await onRetry(name, error);
            await hooks.backoff(backoffWithJitter(policy.baseDelayMs, attempt, policy.random));
          }
        }
      });
    },
    /** Remembered as the time it ends, so a resumed run sleeps only what is left of it. */
    async sleep(name: string, ms: number) {
      const stepId = stepIdOf(name);
      const recalled = memory?.recall(stepId);
      const wakeAt = recalled ? Number(recalled.value) : hooks.now() + ms;
      if (!recalled) await memory?.remember(stepId, { value: wakeAt });
      const left = wakeAt - hooks.now();
      if (left > 0) await hooks.sleep(left);
    },
  };
}
