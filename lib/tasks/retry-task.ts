import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { findUserTask, requeueFailedTaskWithinCap } from "@/lib/db/tasks";
import { withinCapOrRefuse } from "./active-task-cap";
import { queueTask } from "./queue-task";
import type { Task } from "./schemas";
import { serializeTask } from "./serialize-task";
import type { TaskDeps, TaskRunner } from "./types";

/** Runs a failed task again from the start; `body` carries the secrets it needs again, if any. */
export async function retryTask(
  deps: TaskDeps,
  runner: TaskRunner,
  params: { userId: string; taskId: string; body: unknown },
): Promise<Task> {
  const task = await findUserTask(deps.db, params.userId, params.taskId);
  if (!task) throw notFound("task not found");
  if (task.phase !== "failed") throw conflict(`the task is ${task.phase}; only a failed task can be retried`);
  const definition = deps.taskDefinitions[task.type];
  let secrets: Record<string, unknown> | null = null;
  if (definition.prepareRetry) secrets = definition.prepareRetry(task, params.body);
  else if (hasFields(params.body)) throw unprocessable([`body: ${task.type} tasks are retried without a body`]);
  const sealedSecrets = secrets && deps.sealedBox.seal(secrets, task.id);
  const limit = deps.config.maxActiveTasksPerUser;
  const change = await requeueFailedTaskWithinCap(deps.db, params.userId, task.id, { sealedSecrets, at: deps.now() }, limit);
  const requeued = withinCapOrRefuse(change, limit, () => conflict("the task is no longer failed"));
  await queueTask(deps, runner, requeued);
  return serializeTask(requeued);
}

function hasFields(body: unknown): boolean {
  return typeof body !== "object" || body === null || Object.keys(body).length > 0;
}
