import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "./client";
import { isFinishedDelivery, tasks } from "./schema";

/**
 * Deletes up to `batch` webhook deliveries (internal tasks) that finished before `before`; returns
 * how many. Uploads and exports are what users asked for and stay. One short statement at a time
 * on the partial index of finished deliveries, skipping rows another node is deleting, so the
 * table is never locked for long whatever the backlog.
 */
export async function deleteFinishedDeliveries(db: Db, before: number, batch: number): Promise<number> {
  const due = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(isFinishedDelivery(tasks.type, tasks.phase), lt(tasks.updatedAt, before)))
    .limit(batch)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(tasks).where(inArray(tasks.id, due)).returning({ id: tasks.id });
  return deleted.length;
}
