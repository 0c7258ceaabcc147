import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { locks } from "./schema";

/** Takes the lock for `owner` until `expiresAt` when it is free or its holder's time ran out. */
export async function acquireLock(db: Db, name: string, owner: string, now: number, expiresAt: number): Promise<boolean> {
  const rows = await db
    .insert(locks)
    .values({ name, owner, expiresAt, releaseRequested: false })
    .onConflictDoUpdate({
      target: locks.name,
      set: { owner, expiresAt, releaseRequested: false },
      setWhere: lt(locks.expiresAt, now),
    })
    .returning({ owner: locks.owner });
  return rows.length > 0;
}

/** Holds the lock longer; undefined when `owner` no longer holds it, else whether a waiter asked for it. */
export async function renewLock(db: Db, name: string, owner: string, expiresAt: number): Promise<{ releaseRequested: boolean } | undefined> {
  const [row] = await db
    .update(locks)
    .set({ expiresAt })
    .where(and(eq(locks.name, name), eq(locks.owner, owner)))
    .returning({ releaseRequested: locks.releaseRequested });
  return row;
}

export async function releaseLock(db: Db, name: string, owner: string): Promise<void> {
  await db.delete(locks).where(and(eq(locks.name, name), eq(locks.owner, owner)));
}

/** Asks the holder, wherever it runs, to let go soon. */
export async function requestLockRelease(db: Db, name: string): Promise<void> {
  await db.update(locks).set({ releaseRequested: sql`true` }).where(eq(locks.name, name));
}
