import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { tasks, type TaskPhase, type TaskType } from "./schema";

/** Tasks not yet ended, by type and phase (the task queue's depth, every node's). */
export async function countUnfinishedTasks(db: Db): Promise<Array<{ type: TaskType; phase: TaskPhase; count: number }>> {
  return db
    .select({ type: tasks.type, phase: tasks.phase, count: sql<number>`count(*)::int` })
    .from(tasks)
    .where(inArray(tasks.phase, ["pending", "waiting", "running"]))
    .groupBy(tasks.type, tasks.phase);
}
