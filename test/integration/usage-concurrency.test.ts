import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { findUsageTotals, listUsageDays } from "@/lib/db/usage";
import { insertUser } from "@/lib/db/users";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const DAY_MS = 86_400_000;

/**
 * The usage totals are kept by triggers on every asset's insert and change. Uploads of one account
 * on several connections at once must not queue behind each other's uncommitted counts (PostgreSQL
 * only: PGlite serves one connection).
 */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("usage totals under concurrent uploads of one account", () => {
  let throwaway: ThrowawayDatabase;
  let database: Database;
  let client: postgres.Sql;
  let userId: string;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase();
    database = await openDatabase({ url: throwaway.url });
    userId = (await insertUser(database.db, { email: "busy@example.com", createdAt: Date.now() })).id;
    client = postgres(throwaway.url, { max: 4, onnotice: () => {} });
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
    await throwaway?.drop();
  });

  const insertAsset = (connection: postgres.ReservedSql, now: number) =>
    connection`insert into assets (id, user_id, playback_id, name, status, storage_key, upload_expires_at, created_at, updated_at)
      values (${randomUUID()}, ${userId}, ${randomUUID()}, 'concurrent', 'waiting', 'k', ${now}, ${now}, ${now})`;

  /** Two connections that would not share a shard were shards kept (each connection's is its id modulo 16). */
  async function twoConnections(): Promise<[postgres.ReservedSql, postgres.ReservedSql]> {
    const reserved = await Promise.all([client.reserve(), client.reserve(), client.reserve()]);
    const pids = await Promise.all(reserved.map(async (c) => (await c`select pg_backend_pid() as pid`)[0].pid as number));
    const second = pids.findIndex((pid) => pid % 16 !== pids[0] % 16);
    reserved.filter((_, i) => i !== 0 && i !== second).forEach((c) => c.release());
    return [reserved[0], reserved[second]];
  }

  it("lets a second upload commit while the first is still open, and counts both", async () => {
    const [first, second] = await twoConnections();
    const now = Date.now();
    try {
      await first`begin`;
      await insertAsset(first, now);
      await second`begin`;
      // Waiting on the first transaction's row would end here with "canceling statement due to lock timeout".
      await second`set local lock_timeout = '2s'`;
      await insertAsset(second, now);
      await second`commit`;
      await first`commit`;
    } finally {
      first.release();
      second.release();
    }
    expect(await findUsageTotals(database.db, userId)).toMatchObject({ waiting: 2, ready: 0 });
    const today = Math.floor(now / DAY_MS);
    expect(await listUsageDays(database.db, userId, today, today)).toEqual([{ day: today, uploads: 2, deliveredBytes: 0, deliveredMs: 0 }]);
  });

  it("takes a deletion off the totals whichever connection made the asset", async () => {
    const [first, second] = await twoConnections();
    const now = Date.now();
    try {
      await insertAsset(first, now);
      await second`delete from assets where user_id = ${userId}`;
    } finally {
      first.release();
      second.release();
    }
    expect(await findUsageTotals(database.db, userId)).toMatchObject({ waiting: 0, processing: 0, ready: 0, failed: 0 });
  });
});
