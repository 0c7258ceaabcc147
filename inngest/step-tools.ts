import { NonRetriableError as InngestNonRetriableError, type GetStepTools } from "inngest";
import { isRunStopped, RunStoppedError } from "@/lib/tasks/task-lifecycle";
import { TaskError, type StepTools } from "@/lib/tasks/types";
import type { inngest } from "@/lib/tasks/inngest-client";

export type InngestStep = GetStepTools<typeof inngest>;

export interface AttemptInfo {
  /** Zero-based attempt of the step being run. */
  attempt: number;
  maxAttempts?: number;
}

/** Errors cross Inngest serialized; this name marks those whose message is meant for the task's owner. */
const TASK_ERROR_NAME = "TaskError";
/** And this one a run that is to end quietly (its task was cancelled). */
const RUN_STOPPED_NAME = "RunStopped";

/**
 * Our `StepTools` on top of Inngest's `step`, so task bodies run unchanged on Inngest. A
 * TaskError leaves a step under TASK_ERROR_NAME (a non-retriable one as Inngest's
 * NonRetriableError, so Inngest stops at once), and a step that failed for good comes back from
 * Inngest as a TaskError with the same message. `beforeStep` runs before each step's work (not
 * before steps Inngest replays from memory); a RunStoppedError from it ends the run at that step.
 */
export function inngestStepTools(
  step: InngestStep,
  attempt: AttemptInfo,
  onRetry: (stepName: string, error: unknown) => Promise<void>,
  beforeStep?: () => Promise<void>,
): StepTools {
  return {
    async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      try {
        const result = await step.run(name, async () => {
          try {
            await beforeStep?.();
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
  if (isRunStopped(error)) return marked(new InngestNonRetriableError(error.message, { cause: error }), RUN_STOPPED_NAME);
  const retriable = !(error instanceof TaskError) || error.retriable;
  const lastAttempt = attempt.maxAttempts !== undefined && attempt.attempt >= attempt.maxAttempts - 1;
  if (retriable && !lastAttempt) await onRetry(name, error);
  if (!(error instanceof TaskError)) return error;
  const plain = retriable ? new Error(error.message, { cause: error }) : new InngestNonRetriableError(error.message, { cause: error });
  return marked(plain, TASK_ERROR_NAME);
}

function marked(error: Error, name: string): Error {
  error.name = name;
  return error;
}

function fromStepError(error: unknown): unknown {
  if (error instanceof Error && error.name === TASK_ERROR_NAME) return new TaskError(error.message, false);
  if (error instanceof Error && error.name === RUN_STOPPED_NAME) return new RunStoppedError(error.message);
  return error;
}
