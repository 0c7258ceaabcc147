import { conflict, notFound } from "@/lib/api/errors";
import { announceTaskCancelled, findUserTask } from "@/lib/db/tasks";
import type { Task } from "./schemas";
import { serializeTask } from "./serialize-task";
import { finishTask, isFinal } from "./task-lifecycle";
import type { TaskDeps } from "./types";

/**
 * Ends the user's pending, waiting or running task as `cancelled`. Every node hears of it when it
 * commits, and the one running the task stops it at once (its transfer is cut, and it writes
 * nothing more); an Inngest run stops at its next step. Then the task's subject is left in a clear
 * state: an upload's asset fails.
 */
export async function cancelTask(deps: TaskDeps, params: { userId: string; taskId: string }): Promise<Task> {
  const task = await findUserTask(deps.db, params.userId, params.taskId);
  if (!task) throw notFound("task not found");
  const cancelled = isFinal(task.phase)
    ? undefined
    : await deps.db.transaction(async (tx) => {
        const ended = await finishTask({ ...deps, db: tx }, task.id, { phase: "cancelled" });
        if (ended) await announceTaskCancelled(tx, ended.id);
        return ended;
      });
  if (!cancelled) {
    // It may have ended (or been deleted with its asset) since it was read.
    const now = isFinal(task.phase) ? task : await findUserTask(deps.db, params.userId, task.id);
    if (!now) throw notFound("task not found");
    throw conflict(`the task is ${now.phase}; only a pending, waiting or running task can be cancelled`);
  }
  await deps.taskDefinitions[cancelled.type].onCancel?.(cancelled, deps);
  return serializeTask(cancelled);
}
