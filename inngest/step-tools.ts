import { NonRetriableError as InngestNonRetriableError, type GetStepTools } from "inngest";
import { TaskError, type StepTools } from "@/lib/tasks/types";
import type { inngest } from "./client";

export type InngestStep = GetStepTools<typeof inngest>;

export interface AttemptInfo {
  /** Zero-based attempt of the step being run. */
  attempt: number;
  maxAttempts?: number;
}

/** Errors cross Inngest serialized; this name marks those whose message is meant for the task's owner. */
const TASK_ERROR_NAME = "TaskError";

/**
 * Our `StepTools` on top of Inngest's `step`, so task bodies run unchanged on Inngest. A
 * TaskError leaves a step under TASK_ERROR_NAME (a non-retriable one as Inngest's
 * NonRetriableError, so Inngest stops at once), and a step that failed for good comes back from
 * Inngest as a TaskError with the same message.
 */
export function inngestStepTools(
  step: InngestStep,
  attempt: AttemptInfo,
  onRetry: (stepName: string, error: unknown) => Promise<void>,
): StepTools {
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      try {
        const result = await step.run(name, async () => {
          try {
            return await fn();
          } catch (error) {
            throw await toInngestError(name, error, attempt, onRetry);
          }
        });
        // Step results travel as JSON; ours are plain data, so what comes back is what went in.
        return result as T;
      } catch (error) {
        throw fromStepError(error);
      }
    },
    async sleep(name: string, ms: number) {
      await step.sleep(name, ms);
    },
  };
}

async function toInngestError(
  name: string,
  error: unknown,
  attempt: AttemptInfo,
  onRetry: (stepName: string, error: unknown) => Promise<void>,
): Promise<unknown> {
  const retriable = !(error instanceof TaskError) || error.retriable;
  const lastAttempt = attempt.maxAttempts !== undefined && attempt.attempt >= attempt.maxAttempts - 1;
  if (retriable && !lastAttempt) await onRetry(name, error);
  if (!(error instanceof TaskError)) return error;
  const marked = retriable ? new Error(error.message, { cause: error }) : new InngestNonRetriableError(error.message, { cause: error });
  marked.name = TASK_ERROR_NAME;
  return marked;
}

function fromStepError(error: unknown): unknown {
  if (error instanceof Error && error.name === TASK_ERROR_NAME) return new TaskError(error.message, false);
  return error;
}
