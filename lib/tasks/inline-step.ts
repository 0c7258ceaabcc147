import { setTimeout as delay } from "node:timers/promises";
import { isTaskError, type StepTools } from "./types";

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000 };

/**
 * In-process `step`: runs each step with Inngest's retry policy (exponential backoff). `sleep`
 * lets the runner free the task's slot while it sleeps.
 */
export function createInlineStep(
  policy: RetryPolicy,
  onRetry: (stepName: string, error: unknown) => Promise<void>,
  sleep: (ms: number) => Promise<void> = (ms) => delay(ms),
): StepTools {
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await fn();
        } catch (error) {
          const retriable = !isTaskError(error) || error.retriable;
          if (!retriable || attempt >= policy.maxRetries) throw error;
          await onRetry(name, error);
          await delay(policy.baseDelayMs * 2 ** attempt);
        }
      }
    },
    async sleep(_name: string, ms: number) {
      await sleep(ms);
    },
  };
}
