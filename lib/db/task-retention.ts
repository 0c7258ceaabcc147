import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "./client";
import { isFinishedInternalTask, tasks } from "./schema";

/**
 * Deletes up to `batch` internal tasks (webhook deliveries, unpins of deleted assets) that finished
 * before `before`; returns how many. Uploads, exports and transcodes are what users asked for and
 * stay. One short statement at a time on the partial index of finished internal tasks, skipping
 * rows another node is deleting, so the table is never locked for long whatever the backlog.
 */
export async function deleteFinishedInternalTasks(db: Db, before: number, batch: number): Promise<number> {
  const due = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(isFinishedInternalTask(tasks.type, tasks.phase), lt(tasks.updatedAt, before)))
    .limit(batch)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(tasks).where(inArray(tasks.id, due)).returning({ id: tasks.id });
  return deleted.length;
}
