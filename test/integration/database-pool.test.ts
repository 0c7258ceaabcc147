import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";
import { pingDatabase } from "@/lib/db/ping";
import { createThrowawayDatabase, testDatabaseKinds } from "../helpers/test-databases";

/** Connections PostgreSQL holds open to a database after 40 queries were sent at once on a fresh pool. */
async function connectionsAfterBurst(env: Record<string, string>): Promise<number> {
  const throwaway = await createThrowawayDatabase();
  try {
    const config = loadConfig({ DATABASE_URL: throwaway.url, ...env });
    const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize });
    try {
      await Promise.all(Array.from({ length: 40 }, () => pingDatabase(database.db)));
      const [{ count }] = await throwaway.admin`select count(*)::int as count from pg_stat_activity where datname = ${throwaway.name}`;
      return count;
    } finally {
      await database.close();
    }
  } finally {
    await throwaway.drop();
  }
}

describe.skipIf(!testDatabaseKinds.includes("postgres"))("PostgreSQL connection pool", () => {
  it("opens at most DATABASE_POOL_SIZE connections, 5 unless set", async () => {
    expect(await connectionsAfterBurst({ DATABASE_POOL_SIZE: "2" })).toBeLessThanOrEqual(2);
    const byDefault = await connectionsAfterBurst({});
    expect(byDefault).toBeGreaterThan(2);
    expect(byDefault).toBeLessThanOrEqual(5);
  });

  it("rejects a pool size that is not a whole number from 1 to 100", () => {
    for (const bad of ["0", "-1", "2.5", "101", "many"]) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
