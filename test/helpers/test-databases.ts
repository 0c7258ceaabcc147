import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "@/lib/db/client";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** Every database the integration tests run on: PGlite always, PostgreSQL when configured. */
export const testDatabaseKinds: Array<"pglite" | "postgres"> = serverUrl ? ["pglite", "postgres"] : ["pglite"];

/** A fresh, migrated database; on PostgreSQL a throwaway database dropped by `close`. */
export async function openTestDatabase(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "pglite") return openDatabase({});
  const name = `vas_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
