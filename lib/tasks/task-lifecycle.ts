import { findTask, updateTask } from "@/lib/db/tasks";
import type { TaskPhase, TaskRow } from "@/lib/db/schema";
import { isTaskError, type StepTools, type TaskDefinition, type TaskDeps } from "./types";

const FINAL_PHASES: TaskPhase[] = ["completed", "failed", "cancelled"];

export function isFinal(phase: TaskPhase): boolean {
  return FINAL_PHASES.includes(phase);
}

/**
 * Runs one task to its end the same way on every runner: marks it running, runs its body, and
 * on a final error records `failed` with the message and lets the definition clean up.
 */
export async function executeTask(definition: TaskDefinition, taskId: string, step: StepTools, deps: TaskDeps) {
  if (definition.awaitInput && !(await definition.awaitInput(taskId, step, deps))) return;
  const started = await step.run("start", () => markRunning(deps, taskId));
  if (!started) return;
  try {
    await definition.run(taskId, step, deps);
  } catch (error) {
    const message = publicMessageOf(error);
    console.error(`[task ${taskId}] ${definition.type} failed:`, isTaskError(error) ? message : error);
    await step.run("record-failure", async () => {
      const failed = await finishTask(deps, taskId, { phase: "failed", errorMessage: message });
      if (failed) await definition.onFailure?.(failed, message, deps);
    });
  }
}

/** Returns whether the task is to run; a boolean, because step results are stored by Inngest and the row holds secrets. */
async function markRunning(deps: TaskDeps, taskId: string): Promise<boolean> {
  const task = await findTask(deps.db, taskId);
  if (!task || isFinal(task.phase)) return false;
  const now = deps.now();
  return Boolean(await updateTask(deps.db, taskId, { phase: "running", updatedAt: now, statusUpdatedAt: now }));
}

export async function finishTask(
  deps: TaskDeps,
  taskId: string,
  result: { phase: "completed"; output: Record<string, unknown> } | { phase: "failed"; errorMessage: string },
): Promise<TaskRow | undefined> {
  const now = deps.now();
  const progress = result.phase === "completed" ? { progress: 1 } : {};
  return updateTask(deps.db, taskId, { ...result, ...progress, secrets: null, updatedAt: now, statusUpdatedAt: now });
}

function publicMessageOf(error: unknown): string {
  return isTaskError(error) ? error.message : "internal error (details are in the server log)";
}
