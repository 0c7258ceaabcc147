import { and, between, eq, gte, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isPublicTaskType, tasks, usageDays, usageTotals } from "./schema";

export interface UsageTotals {
  waiting: number;
  processing: number;
  ready: number;
  failed: number;
  bytes: number;
  durationMs: number;
}

export interface DayDelivery {
  userId: string;
  /** UTC days since the epoch. */
  day: number;
  bytes: number;
  ms: number;
}

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The user's running totals: the sum of the user's shards, a few rows by primary key. */
export async function findUsageTotals(db: Db, userId: string): Promise<UsageTotals> {
  const [row] = await db
    .select({
      waiting: total(usageTotals.waiting),
      processing: total(usageTotals.processing),
      ready: total(usageTotals.ready),
      failed: total(usageTotals.failed),
      bytes: total(usageTotals.bytes),
      durationMs: total(usageTotals.durationMs),
    })
    .from(usageTotals)
    .where(eq(usageTotals.userId, userId));
  return row;
}

/** The user's usage on each UTC day from `firstDay` to `lastDay` (days since the epoch); days without any are absent. */
export async function listUsageDays(db: Db, userId: string, firstDay: number, lastDay: number) {
  return db
    .select({ day: usageDays.day, uploads: total(usageDays.uploads), deliveredBytes: total(usageDays.deliveredBytes), deliveredMs: total(usageDays.deliveredMs) })
    .from(usageDays)
    .where(and(eq(usageDays.userId, userId), between(usageDays.day, firstDay, lastDay)))
    .groupBy(usageDays.day)
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
    insert into usage_days as d (user_id, day, shard, delivered_bytes, delivered_ms)
    select v.user_id, v.day, vas_usage_shard(), v.bytes, v.ms from (values ${rows}) as v(user_id, day, bytes, ms)
    where exists (select 1 from users where users.id = v.user_id)
    order by v.user_id, v.day
    on conflict (user_id, day, shard) do update set
      delivered_bytes = d.delivered_bytes + excluded.delivered_bytes, delivered_ms = d.delivered_ms + excluded.delivered_ms
  `);
}
