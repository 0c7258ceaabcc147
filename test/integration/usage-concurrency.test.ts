import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteUserAsset } from "@/lib/db/assets";
import { openDatabase, type Database, type Db } from "@/lib/db/client";
import { insertUpload } from "@/lib/db/insert-upload";
import { findUsageTotals, listUsageDays } from "@/lib/db/usage";
import { insertUser } from "@/lib/db/users";
import { newUpload } from "../helpers/new-upload";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const DAY_MS = 86_400_000;

/** The shard the connection would add to were shards kept: its process id modulo 16. */
async function shardOf(db: Db): Promise<number> {
  // postgres.js answers the rows themselves.
  const [{ pid }] = (await db.execute(sql`select pg_backend_pid() as pid`)) as Array<{ pid: number }>;
  return pid % 16;
}

/**
 * Two databases of one connection each, so that every statement and transaction on one goes over
 * its connection, on connections that would not share a shard.
 */
async function twoConnections(url: string): Promise<[Database, Database]> {
  const first = await openDatabase({ url, poolSize: 1 });
  const firstShard = await shardOf(first.db);
  for (;;) {
    const second = await openDatabase({ url, poolSize: 1 });
    if ((await shardOf(second.db)) !== firstShard) return [first, second];
    await second.close();
  }
}

/**
 * The usage totals are kept by triggers on every asset's insert and change. Uploads of one account
 * on several connections at once must not queue behind each other's uncommitted counts (PostgreSQL
 * only: PGlite serves one connection).
 */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("usage totals under concurrent uploads of one account", () => {
  let throwaway: ThrowawayDatabase;
  let database: Database;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase();
    database = await openDatabase({ url: throwaway.url });
    [first, second] = await twoConnections(throwaway.url);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    await throwaway?.drop();
  });

  const newUserId = async () => (await insertUser(database.db, { email: `${randomUUID()}@example.com`, createdAt: Date.now() })).id;

  it("lets a second upload commit while the first is still open, and counts both", async () => {
    const userId = await newUserId();
    const now = Date.now();
    await first.db.transaction(async (open) => {
      await insertUpload(open, newUpload({ userId, createdAt: now }));
      await second.db.transaction(async (other) => {
        // Waiting on the first transaction's row would end here with "canceling statement due to lock timeout".
        await other.execute(sql`set local lock_timeout = '2s'`);
        await insertUpload(other, newUpload({ userId, createdAt: now }));
      });
    });
    expect(await findUsageTotals(database.db, userId)).toMatchObject({ waiting: 2, ready: 0 });
    const today = Math.floor(now / DAY_MS);
    expect(await listUsageDays(database.db, userId, today, today)).toEqual([{ day: today, uploads: 2, deliveredBytes: 0, deliveredMs: 0 }]);
  });

  it("takes a deletion off the totals whichever connection made the asset", async () => {
    const userId = await newUserId();
    const { asset } = await insertUpload(first.db, newUpload({ userId, createdAt: Date.now() }));
    await deleteUserAsset(second.db, userId, asset.id);
    expect(await findUsageTotals(database.db, userId)).toMatchObject({ waiting: 0, processing: 0, ready: 0, failed: 0 });
  });
});
