import { updateTask } from "@/lib/db/tasks";
import type { TaskPhase, TaskRow } from "@/lib/db/schema";
import { isTaskError, writerOf, type StepTools, type TaskDefinition, type TaskDeps } from "./types";
import { log } from "@/lib/log/log";
import { isNamedError } from "@/lib/named-error";

const FINAL_PHASES: TaskPhase[] = ["completed", "failed", "cancelled"];

/** The run lost its task to another node (its lease ran out); it ends without writing to the task. */
export class TaskTakenOverError extends Error {
  override readonly name = "TaskTakenOverError";

  constructor() {
    super("the task was taken over by another node");
  }
}

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
    if (isNamedError(error, "TaskTakenOverError")) throw error;
    const message = publicMessageOf(error);
    log.error(`task ${taskId}`, `${definition.type} failed`, error);
    await step.run("record-failure", async () => {
      const failed = await finishTask(deps, taskId, { phase: "failed", errorMessage: message });
      if (failed) await definition.onFailure?.(failed, message, deps);
    });
  }
}

/** Returns whether the task is to run; a boolean, because step results are stored by Inngest and the row holds secrets. */
async function markRunning(deps: TaskDeps, taskId: string): Promise<boolean> {
  // No row when the task is gone or has ended (updateTask never writes an ended task).
  const now = deps.now();
  return Boolean(await updateTask(deps.db, taskId, { phase: "running", updatedAt: now, statusUpdatedAt: now }, writerOf(deps)));
}

export async function finishTask(
  deps: TaskDeps,
  taskId: string,
  result: { phase: "completed"; output: Record<string, unknown> } | { phase: "failed"; errorMessage: string },
): Promise<TaskRow | undefined> {
  const now = deps.now();
  const progress = result.phase === "completed" ? { progress: 1 } : {};
  const ended = { ...result, ...progress, sealedSecrets: null, leaseOwner: null, leaseExpiresAt: null, runAfter: null, updatedAt: now, statusUpdatedAt: now };
  return updateTask(deps.db, taskId, ended, writerOf(deps));
}

function publicMessageOf(error: unknown): string {
  return isTaskError(error) ? error.message : "internal error (details are in the server log)";
}
