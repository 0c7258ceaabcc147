import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { tasks, users, type TaskRow, type TaskType } from "./schema";

const UNFINISHED = ["pending", "waiting", "running"] as const;

const claimable = (id: string, owner: string, now: number) =>
  and(
    eq(tasks.id, id),
    inArray(tasks.phase, [...UNFINISHED]),
    or(isNull(tasks.runAfter), lte(tasks.runAfter, now)),
    or(isNull(tasks.leaseOwner), eq(tasks.leaseOwner, owner), lt(tasks.leaseExpiresAt, now)),
  );

/**
 * Takes the task for `owner` until `now + leaseMs`, when it is unfinished, due, and no other node
 * holds a live lease on it; undefined otherwise. With `perUser`, it is taken only while its owner
 * runs fewer tasks of its type under live leases: the user's row is locked for that count, so
 * nodes claiming at once are counted one after another.
 */
export async function claimTask(
  db: Db,
  values: { id: string; type: TaskType; owner: string; now: number; leaseMs: number; perUser?: number },
): Promise<TaskRow | undefined> {
  const { id, owner, now, leaseMs } = values;
  const take = async (tx: Db) => {
    const [claimed] = await tx
      .update(tasks)
      .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs, runAfter: null })
      .where(claimable(id, owner, now))
      .returning();
    return claimed;
  };
  const { perUser } = values;
  if (perUser === undefined) return take(db);
  return db.transaction(async (tx) => {
    const [task] = await tx.select({ userId: tasks.userId }).from(tasks).where(eq(tasks.id, id));
    if (!task) return undefined;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, task.userId)).for("update");
    const [{ running }] = await tx
      .select({ running: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, task.userId),
          eq(tasks.type, values.type),
          ne(tasks.id, id),
          isNotNull(tasks.leaseOwner),
          gte(tasks.leaseExpiresAt, now),
        ),
      );
    return running < perUser ? take(tx) : undefined;
  });
}

/** Extends the lease; false when `owner` no longer holds it (taken over) or the task has ended. */
export async function renewTaskLease(db: Db, id: string, owner: string, expiresAt: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ leaseExpiresAt: expiresAt })
    .where(and(eq(tasks.id, id), eq(tasks.leaseOwner, owner), inArray(tasks.phase, [...UNFINISHED])))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/**
 * Gives the task up; with `runAfter`, it is dormant until then (any node may take it from then
 * on). Only a task still `pending` can be dormant: one queued meanwhile (its upload arrived) is
 * due at once, whatever its last run meant to sleep.
 */
/** Gives up `owner`'s lease; the task's phase and due time after it, or undefined when `owner` held none (the task ended, or was taken over). */
export async function releaseTaskLease(
  db: Db,
  id: string,
  owner: string,
  runAfter: number | null,
): Promise<Pick<TaskRow, "phase" | "runAfter"> | undefined> {
  const [released] = await db
    .update(tasks)
    .set({ leaseOwner: null, leaseExpiresAt: null, runAfter: sql`case when ${tasks.phase} = 'pending' then ${runAfter}::bigint end` })
    .where(and(eq(tasks.id, id), eq(tasks.leaseOwner, owner)))
    .returning({ phase: tasks.phase, runAfter: tasks.runAfter });
  return released;
}

/** Unfinished tasks that are due and held by no live node, oldest first: what a sweep takes over. */
export async function listClaimableTasks(
  db: Db,
  now: number,
  limit: number,
): Promise<Array<{ id: string; type: TaskType; userId: string; params: TaskRow["params"] }>> {
  return db
    .select({ id: tasks.id, type: tasks.type, userId: tasks.userId, params: tasks.params })
    .from(tasks)
    .where(
      and(
        inArray(tasks.phase, [...UNFINISHED]),
        or(isNull(tasks.leaseOwner), lt(tasks.leaseExpiresAt, now)),
        or(isNull(tasks.runAfter), lte(tasks.runAfter, now)),
      ),
    )
    .orderBy(tasks.createdAt)
    .limit(limit);
}

/** The channel that tells every node that a stopping node gave tasks back: they sweep at once. */
export const TASKS_HANDED_BACK_CHANNEL = "vas_tasks_handed_back";

export async function announceTasksHandedBack(db: Db, count: number): Promise<void> {
  await db.execute(sql`select pg_notify(${TASKS_HANDED_BACK_CHANNEL}, ${String(count)})`);
}

/** At start-up of the only process the embedded database allows, every lease is a dead process's. */
export async function releaseAllTaskLeases(db: Db): Promise<void> {
  await db.update(tasks).set({ leaseOwner: null, leaseExpiresAt: null }).where(isNotNull(tasks.leaseOwner));
}
