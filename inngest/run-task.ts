import { getApp } from "@/lib/app/app";
import { findTask, incrementTaskRetries } from "@/lib/db/tasks";
import { executeTask, isRunStopped, RunStoppedError } from "@/lib/tasks/task-lifecycle";
import type { TaskDefinition } from "@/lib/tasks/types";
import { inngestStepTools, type AttemptInfo, type InngestStep } from "./step-tools";
import { log } from "@/lib/log/log";

interface TaskFunctionInput extends AttemptInfo {
  event: { data: { taskId: string; userId: string } };
  step: InngestStep;
}

/** The handler of an Inngest function that runs one of our task definitions, as the inline runner does. */
export function runTaskDefinition(definition: TaskDefinition) {
  return async ({ event, step, attempt, maxAttempts }: TaskFunctionInput): Promise<void> => {
    const app = await getApp();
    const { taskId } = event.data;
    const onRetry = async (stepName: string, error: unknown) => {
      log.warn(`task ${taskId}`, `step ${stepName} failed, Inngest will retry`, error);
      await incrementTaskRetries(app.db, taskId, app.now(), {});
    };
    // Nothing cuts a step short here (the inline runner's lease does that), so a cancelled task's run ends at its next step.
    const stopIfCancelled = async () => {
      const task = await findTask(app.db, taskId);
      if (task?.phase === "cancelled") throw new RunStoppedError("the task was cancelled");
    };
    // Webhook deliveries cannot be cancelled: no extra read on their busy path.
    const beforeStep = definition.type === "webhook" ? undefined : stopIfCancelled;
    try {
      await executeTask(definition, taskId, inngestStepTools(step, { attempt, maxAttempts }, onRetry, beforeStep), app);
    } catch (error) {
      if (!isRunStopped(error)) throw error;
    }
  };
}
