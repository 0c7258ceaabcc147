import { and, between, eq, gte, sql } from "drizzle-orm";
import type { Db } from "./client";
import { isPublicTaskType, tasks, usageDays, usageTotals, type UsageTotalsRow } from "./schema";

export interface DayDelivery {
  userId: string;
  /** UTC days since the epoch. */
  day: number;
  bytes: number;
  ms: number;
}

/** The user's running totals (one row by primary key); undefined for a user who never had an asset. */
export async function findUsageTotals(db: Db, userId: string): Promise<UsageTotalsRow | undefined> {
  const [row] = await db.select().from(usageTotals).where(eq(usageTotals.userId, userId));
  return row;
}

/** The user's usage on each UTC day from `firstDay` to `lastDay` (days since the epoch); days without any are absent. */
export async function listUsageDays(db: Db, userId: string, firstDay: number, lastDay: number) {
  return db
    .select({ day: usageDays.day, uploads: usageDays.uploads, deliveredBytes: usageDays.deliveredBytes, deliveredMs: usageDays.deliveredMs })
    .from(usageDays)
    .where(and(eq(usageDays.userId, userId), between(usageDays.day, firstDay, lastDay)))
    .orderBy(usageDays.day);
}

/**
 * Exports the user asked for since `since`, in any phase: a range of the index on
 * (user_id, type, created_at), so the cost follows the exports of the period, not the account.
 */
export async function countExportsSince(db: Db, userId: string, since: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isPublicTaskType(tasks.type), eq(tasks.type, "export"), gte(tasks.createdAt, since)));
  return row?.count ?? 0;
}

/**
 * Recomputes the user's totals and uploads per day from the assets table as it is now, in one pass
 * over the user's assets: for rows written with triggers off (bench/lib/seed.ts). Uploads of deleted
 * assets are lost, as they are no longer in the table; deliveries are kept.
 */
export async function recountUsage(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select vas_recount_usage(${userId}::uuid)`);
}

/**
 * Adds a node's playback sums to their users' days, in one statement. Rows in a fixed order, so
 * two nodes' statements never wait on each other in a cycle; a user deleted meanwhile is skipped.
 */
export async function addDeliveries(db: Db, deliveries: DayDelivery[]): Promise<void> {
  const rows = sql.join(
    deliveries.map((d) => sql`(${d.userId}::uuid, ${d.day}::int, ${d.bytes}::bigint, ${d.ms}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into usage_days as d (user_id, day, delivered_bytes, delivered_ms)
    select v.user_id, v.day, v.bytes, v.ms from (values ${rows}) as v(user_id, day, bytes, ms)
    where exists (select 1 from users where users.id = v.user_id)
    order by v.user_id, v.day
    on conflict (user_id, day) do update set
      delivered_bytes = d.delivered_bytes + excluded.delivered_bytes, delivered_ms = d.delivered_ms + excluded.delivered_ms
  `);
}
