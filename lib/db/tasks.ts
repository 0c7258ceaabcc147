import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { keysetOrder, keysetWhere, toPage, type Page, type PageRequest } from "./pagination";
import { preparedStatement } from "./prepared";
import { assets, tasks, type AssetRow, type TaskPhase, type TaskRow, type TaskType } from "./schema";

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
  const [row] = await db.select().from(tasks).where(and(eq(tasks.id, id), eq(tasks.userId, userId)));
  return row;
}

export async function listUserTasks(
  db: Db,
  userId: string,
  filter: TaskFilter,
  page: PageRequest,
): Promise<Page<TaskRow>> {
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        filter.assetId ? eq(tasks.inputAssetId, filter.assetId) : undefined,
        filter.type ? eq(tasks.type, filter.type) : undefined,
        filter.phase ? eq(tasks.phase, filter.phase) : undefined,
        keysetWhere(tasks, page.cursor),
      ),
    )
    .orderBy(...keysetOrder(tasks))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function findTaskForAsset(db: Db, assetId: string, type: TaskType): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.inputAssetId, assetId), eq(tasks.type, type)))
    .orderBy(...keysetOrder(tasks))
    .limit(1);
  return row;
}

export async function updateTask(db: Db, id: string, patch: TaskPatch): Promise<TaskRow | undefined> {
  const [row] = await db.update(tasks).set(patch).where(eq(tasks.id, id)).returning();
  return row;
}

/** Tasks a stopped process left unfinished (pending ones may be watching for their input), oldest first. */
export async function listUnfinishedTasks(db: Db): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(inArray(tasks.phase, ["pending", "waiting", "running"]))
    .orderBy(tasks.createdAt);
}

export async function incrementTaskRetries(db: Db, id: string, at: number): Promise<void> {
  await db
    .update(tasks)
    .set({ retries: sql`${tasks.retries} + 1`, updatedAt: at, statusUpdatedAt: at })
    .where(eq(tasks.id, id));
}

/** Tasks of a user that are queued or running (the per-user cap counts these). */
export async function countActiveUserTasks(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.phase, ["waiting", "running"])));
  return row.count;
}

/** Raises progress, never lowers it, so a retried step cannot make it go backwards. */
export async function raiseTaskProgress(db: Db, id: string, progress: number, at: number): Promise<void> {
  await db
    .update(tasks)
    .set({ progress: sql`greatest(${tasks.progress}, ${progress})`, updatedAt: at, statusUpdatedAt: at })
    .where(eq(tasks.id, id));
}

/** Moves a failed task of the user back to `waiting`; undefined when it is not (or no longer) failed. */
export async function requeueFailedTask(
  db: Db,
  userId: string,
  id: string,
  values: { secrets: Record<string, unknown> | null; at: number },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      phase: "waiting",
      progress: 0,
      retries: 0,
      errorMessage: null,
      output: null,
      secrets: values.secrets,
      updatedAt: values.at,
      statusUpdatedAt: values.at,
    })
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.phase, "failed")))
    .returning();
  return row;
}
