import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { rateLimits } from "./schema";

/**
 * One step of GCRA for `key`, atomically: the theoretical arrival time moves on by `increment`
 * unless that would put it more than `periodMs` ahead of `now`. Returns the new time when the
 * step was taken, undefined when it was refused.
 */
export async function advanceRateLimit(
  db: Db,
  key: string,
  values: { now: number; increment: number; periodMs: number },
): Promise<number | undefined> {
  const { now, increment, periodMs } = values;
  const next = sql`greatest(${rateLimits.tat}, ${now}::double precision) + ${increment}::double precision`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, tat: now + increment })
    .onConflictDoUpdate({ target: rateLimits.key, set: { tat: next }, setWhere: sql`${next} - ${now} <= ${periodMs}` })
    .returning({ tat: rateLimits.tat });
  return row?.tat;
}

export async function findRateLimit(db: Db, key: string): Promise<number | undefined> {
  const [row] = await db.select({ tat: rateLimits.tat }).from(rateLimits).where(eq(rateLimits.key, key));
  return row?.tat;
}

export async function deleteRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Keys whose time has passed hold no state any more. */
export async function deleteSpentRateLimits(db: Db, now: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.tat, now));
}
