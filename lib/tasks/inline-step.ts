import { isTaskError, type StepTools } from "./types";

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000 };

/** What the runner does for a run's steps. */
export interface RunnerHooks {
  /** `step.sleep`: the task is dormant until then (its slot is freed). */
  sleep(ms: number): Promise<void>;
  /** The pause before a retry: the task is still under way (its slot is freed). */
  backoff(ms: number): Promise<void>;
  /** Throws when the run may no longer write to its task (another node took it over). */
  checkLease(): void;
}

/** In-process `step`: runs each step with Inngest's retry policy (exponential backoff). */
export function createInlineStep(
  policy: RetryPolicy,
  onRetry: (stepName: string, error: unknown) => Promise<void>,
  hooks: RunnerHooks,
): StepTools {
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        hooks.checkLease();
        try {
          return await fn();
        } catch (error) {
          hooks.checkLease();
          const retriable = !isTaskError(error) || error.retriable;
          if (!retriable || attempt >= policy.maxRetries) throw error;
          await onRetry(name, error);
          await hooks.backoff(policy.baseDelayMs * 2 ** attempt);
        }
      }
    },
    async sleep(_name: string, ms: number) {
      await hooks.sleep(ms);
    },
  };
}
