import { and, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { keysetAfter, keysetOrder, newestFirst, toPage, type Page, type PageRequest } from "./pagination";
import { preparedStatement } from "./prepared";
import { assets, FINAL_TASK_PHASES, isPublicTaskType, tasks, users, type AssetRow, type TaskPhase, type TaskRow, type TaskType } from "./schema";

/** Webhook deliveries are internal tasks: users see, count and act on the others only. */
const isPublicTask = isPublicTaskType(tasks.type);

export type NewTask = typeof tasks.$inferInsert;
export type TaskPatch = Partial<Omit<TaskRow, "id" | "userId" | "type" | "createdAt">>;

export interface TaskFilter {
  assetId?: string;
  type?: TaskType;
  phase?: TaskPhase;
}

export async function insertTask(db: Db, values: NewTask): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row;
}

const findTaskStatement = preparedStatement((db) =>
  db.select().from(tasks).where(eq(tasks.id, sql.placeholder("id"))).prepare("find_task"),
);

export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const [row] = await findTaskStatement(db).execute({ id });
  return row;
}

const findTaskWithInputAssetStatement = preparedStatement((db) =>
  db
    .select()
    .from(tasks)
    .leftJoin(assets, eq(assets.id, tasks.inputAssetId))
    .where(eq(tasks.id, sql.placeholder("id")))
    .prepare("find_task_with_input_asset"),
);

/** The task and the asset it works on, in one query. */
export async function findTaskWithInputAsset(
  db: Db,
  id: string,
): Promise<{ task: TaskRow; inputAsset: AssetRow | undefined } | undefined> {
  const [row] = await findTaskWithInputAssetStatement(db).execute({ id });
  return row && { task: row.tasks, inputAsset: row.assets ?? undefined };
}

export async function findUserTask(db: Db, userId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(and(eq(tasks.id, id), eq(tasks.userId, userId), isPublicTask));
  return row;
}

export async function listUserTasks(
  db: Db,
  userId: string,
  filter: TaskFilter,
  page: PageRequest,
): Promise<Page<TaskRow>> {
  const keyset = newestFirst(tasks);
  const rows = await db
    .select({ row: tasks, key: tasks.createdAt })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isPublicTask,
        filter.assetId ? eq(tasks.inputAssetId, filter.assetId) : undefined,
        filter.type ? eq(tasks.type, filter.type) : undefined,
        filter.phase ? eq(tasks.phase, filter.phase) : undefined,
        keysetAfter(keyset, page.after),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export type WaitingTask = Pick<TaskRow, "id" | "type" | "userId" | "statusUpdatedAt">;

/**
 * Tasks queued (`waiting`) between `since` and `before` that no run has started, oldest first,
 * after `after` (the last of the previous page).
 */
export async function listTasksWaitingSince(
  db: Db,
  window: { since: number; before: number; after?: Pick<WaitingTask, "id" | "statusUpdatedAt">; limit: number },
): Promise<WaitingTask[]> {
  const { since, before, after, limit } = window;
  return db
    .select({ id: tasks.id, type: tasks.type, userId: tasks.userId, statusUpdatedAt: tasks.statusUpdatedAt })
    .from(tasks)
    .where(
      and(
        eq(tasks.phase, "waiting"),
        gte(tasks.statusUpdatedAt, since),
        lt(tasks.statusUpdatedAt, before),
        after && sql`(${tasks.statusUpdatedAt}, ${tasks.id}) > (${after.statusUpdatedAt}, ${after.id})`,
      ),
    )
    .orderBy(tasks.statusUpdatedAt, tasks.id)
    .limit(limit);
}

export async function findTaskForAsset(db: Db, assetId: string, type: TaskType): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.inputAssetId, assetId), eq(tasks.type, type)))
    .orderBy(...keysetOrder(newestFirst(tasks)))
    .limit(1);
  return row;
}

/**
 * Who writes to a task: on the inline runner, the node holding its lease; elsewhere (Inngest,
 * an upload's expiry) anyone. Either way a task that has ended is never written again, so a late
 * or duplicate run cannot change its outcome.
 */
export interface TaskWriter {
  leaseOwner?: string;
}

const writable = (id: string, writer: TaskWriter) =>
  and(eq(tasks.id, id), notInArray(tasks.phase, [...FINAL_TASK_PHASES]), writer.leaseOwner ? eq(tasks.leaseOwner, writer.leaseOwner) : undefined);

/** Updates a task that has not ended, for its writer; undefined when it has ended or the writer lost its lease. */
export async function updateTask(db: Db, id: string, patch: TaskPatch, writer: TaskWriter): Promise<TaskRow | undefined> {
  const [row] = await db.update(tasks).set(patch).where(writable(id, writer)).returning();
  return row;
}

/** A step of the task runs again: counted, and `retriedAt` is now. */
export async function incrementTaskRetries(db: Db, id: string, at: number, writer: TaskWriter): Promise<void> {
  await db
    .update(tasks)
    .set({ retries: sql`${tasks.retries} + 1`, retriedAt: at, updatedAt: at, statusUpdatedAt: at })
    .where(writable(id, writer));
}

/** Tasks of a user that are queued or running (the per-user cap counts these). */
async function countActiveUserTasks(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isPublicTask, inArray(tasks.phase, ["waiting", "running"])));
  return row.count;
}

/**
 * Raises progress, never lowers it, so a retried step cannot make it go backwards. False when
 * the task has ended (cancelled) or the writer lost it: its run is to stop.
 */
export async function raiseTaskProgress(db: Db, id: string, progress: number, at: number, writer: TaskWriter): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ progress: sql`greatest(${tasks.progress}, ${progress})`, updatedAt: at, statusUpdatedAt: at })
    .where(writable(id, writer))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** The channel that tells every node a task was cancelled; the payload is its id. */
export const TASK_CANCELLED_CHANNEL = "vas_task_cancelled";

/** Tells every node (this one too) that the task was cancelled, when the transaction commits. */
export async function announceTaskCancelled(db: Db, id: string): Promise<void> {
  await db.execute(sql`select pg_notify(${TASK_CANCELLED_CHANNEL}, ${id})`);
}

/** The outcome of adding an active task under the per-user cap: the task, or how many are already active. */
export type CappedChange = { task?: TaskRow; active?: number };

/**
 * Runs `change` (which adds at most one active task of the user) only while the user has fewer
 * than `cap` active tasks. The user's row is locked for the check and the change, so concurrent
 * requests on any node are counted one after another.
 */
export async function withinActiveCap(
  db: Db,
  userId: string,
  cap: number,
  change: (tx: Db) => Promise<TaskRow | undefined>,
): Promise<CappedChange> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const active = await countActiveUserTasks(tx, userId);
    if (active >= cap) return { active };
    return { task: await change(tx) };
  });
}

export function insertTaskWithinCap(db: Db, values: NewTask & { userId: string }, cap: number): Promise<CappedChange> {
  return withinActiveCap(db, values.userId, cap, (tx) => insertTask(tx, values));
}

/**
 * Moves a failed task of the user back to `waiting` under the cap, counted as a retry; no task
 * when it is not (or no longer) failed.
 */
export function requeueFailedTaskWithinCap(
  db: Db,
  userId: string,
  id: string,
  values: { sealedSecrets: string | null; at: number },
  cap: number,
): Promise<CappedChange> {
  return withinActiveCap(db, userId, cap, (tx) => requeueFailedTask(tx, userId, id, values));
}

async function requeueFailedTask(
  db: Db,
  userId: string,
  id: string,
  values: { sealedSecrets: string | null; at: number },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      phase: "waiting",
      progress: 0,
      retries: sql`${tasks.retries} + 1`,
      retriedAt: values.at,
      errorMessage: null,
      output: null,
      sealedSecrets: values.sealedSecrets,
      leaseOwner: null,
      leaseExpiresAt: null,
      runAfter: null,
      updatedAt: values.at,
      statusUpdatedAt: values.at,
    })
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.phase, "failed")))
    .returning();
  return row;
}
