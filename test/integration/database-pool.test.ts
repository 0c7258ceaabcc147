import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";
import { pingDatabase } from "@/lib/db/ping";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** Connections PostgreSQL holds open to a database after 40 queries were sent at once on a fresh pool. */
async function connectionsAfterBurst(env: Record<string, string>): Promise<number> {
  const name = `vas_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const config = loadConfig({ DATABASE_URL: url.toString(), ...env });
    const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize });
    try {
      await Promise.all(Array.from({ length: 40 }, () => pingDatabase(database.db)));
      const [{ count }] = await admin`select count(*)::int as count from pg_stat_activity where datname = ${name}`;
      return count;
    } finally {
      await database.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe.skipIf(!serverUrl)("PostgreSQL connection pool", () => {
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
