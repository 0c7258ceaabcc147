import { eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { tasks, taskSteps } from "./schema";

/** The results of the steps the task's current run has finished, by step id. */
export async function findTaskSteps(db: Db, taskId: string): Promise<Map<string, { value?: unknown }>> {
  const rows = await db.select({ stepId: taskSteps.stepId, result: taskSteps.result }).from(taskSteps).where(eq(taskSteps.taskId, taskId));
  return new Map(rows.map((row) => [row.stepId, row.result]));
}

/**
 * Records a finished step. Written whichever node ran it, even one that has just lost the task:
 * the step's effect happened, so the run that takes over must not do it again.
 */
export async function recordTaskStep(db: Db, values: { taskId: string; stepId: string; result: { value?: unknown }; completedAt: number }): Promise<void> {
  await db.insert(taskSteps).values(values).onConflictDoNothing();
}

/** The run ended: the next run of the task (a retry, a new delivery round) starts afresh. */
export async function forgetTaskSteps(db: Db, taskId: string): Promise<void> {
  await db.delete(taskSteps).where(eq(taskSteps.taskId, taskId));
}

/** Steps left by runs that ended without forgetting them (a task cancelled while its node was down). */
export async function deleteStepsOfEndedTasks(db: Db): Promise<void> {
  const ended = db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.phase, ["completed", "failed", "cancelled"]));
  await db.delete(taskSteps).where(inArray(taskSteps.taskId, ended));
}
