import { InngestRunner } from "@/inngest/inngest-runner";
import { processUploadTask } from "@/lib/assets/process-upload";
import type { TaskType } from "@/lib/db/schema";
import { listUnfinishedTasks } from "@/lib/db/tasks";
import { exportTask } from "@/lib/export/export-task";
import { InlineRunner } from "./inline-runner";
import type { RetryPolicy } from "./inline-step";
import type { TaskDefinition, TaskDeps, TaskRunner } from "./types";

export const taskDefinitions: Record<TaskType, TaskDefinition> = {
  upload: processUploadTask,
  export: exportTask,
};

/**
 * Inngest when configured (it keeps unfinished runs itself); otherwise the inline runner, with
 * the tasks a stopped process left unfinished queued again.
 */
export async function createRunner(deps: TaskDeps, retryPolicy?: RetryPolicy): Promise<TaskRunner> {
  if (deps.config.inngest) return new InngestRunner(deps.config.inngest);
  const runner = new InlineRunner(taskDefinitions, deps, deps.config.taskConcurrency, retryPolicy);
  for (const task of await listUnfinishedTasks(deps.db)) {
    await runner.enqueue(task);
  }
  return runner;
}
