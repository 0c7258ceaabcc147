import { updateTask } from "@/lib/db/tasks";
import type { TaskPhase, TaskRow } from "@/lib/db/schema";
import { isTaskError, writerOf, type StepTools, type TaskDefinition, type TaskDeps } from "./types";
import { log } from "@/lib/log/log";
import { metrics } from "@/lib/metrics/metrics";
import { isNamedError } from "@/lib/named-error";

const FINAL_PHASES: TaskPhase[] = ["completed", "failed", "cancelled"];

/**
 * The run may no longer write to its task: another node took it over (its lease ran out), or the
 * task ended meanwhile (it was cancelled). The run ends quietly, without writing to the task.
 */
export class RunStoppedError extends Error {
  override readonly name = "RunStoppedError";
}

export function isRunStopped(error: unknown): error is RunStoppedError {
  return isNamedError(error, "RunStoppedError");
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
    if (isRunStopped(error)) throw error;
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

export type TaskEnding =
  | { phase: "completed"; output: Record<string, unknown> }
  | { phase: "failed"; errorMessage: string }
  | { phase: "cancelled" };

/** Ends a task that has not ended, releasing its lease and erasing its secrets; undefined when it had ended (or this run lost it). */
export async function finishTask(deps: TaskDeps, taskId: string, result: TaskEnding): Promise<TaskRow | undefined> {
  const now = deps.now();
  const progress = result.phase === "completed" ? { progress: 1 } : {};
  const ended = { ...result, ...progress, sealedSecrets: null, leaseOwner: null, leaseExpiresAt: null, runAfter: null, updatedAt: now, statusUpdatedAt: now };
  const row = await updateTask(deps.db, taskId, ended, writerOf(deps));
  if (row) {
    const labels = { type: row.type, outcome: result.phase };
    metrics().tasksFinished.inc(labels);
    metrics().taskDuration.observe(labels, Math.max(0, now - row.createdAt) / 1000);
  }
  return row;
}

function publicMessageOf(error: unknown): string {
  return isTaskError(error) ? error.message : "internal error (details are in the server log)";
}
