import { getApp } from "@/lib/app/app";
import { incrementTaskRetries } from "@/lib/db/tasks";
import { executeTask } from "@/lib/tasks/task-lifecycle";
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
    const tools = inngestStepTools(step, { attempt, maxAttempts }, async (stepName, error) => {
      log.warn(`task ${taskId}`, `step ${stepName} failed, Inngest will retry`, error);
      await incrementTaskRetries(app.db, taskId, app.now(), {});
    });
    await executeTask(definition, taskId, tools, app);
  };
}
