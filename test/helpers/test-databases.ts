import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "@/lib/db/client";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** Every database the integration tests run on: PGlite always, PostgreSQL when configured. */
export const testDatabaseKinds: Array<"pglite" | "postgres"> = serverUrl ? ["pglite", "postgres"] : ["pglite"];

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** A client on the server's own database, for looking at this one from outside. */
  admin: postgres.Sql;
  drop(): Promise<void>;
}

/** An empty PostgreSQL database on the test server, under a unique name. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `vas_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A fresh, migrated database; on PostgreSQL a throwaway database dropped by `close`. */
export async function openTestDatabase(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "pglite") return openDatabase({});
  const throwaway = await createThrowawayDatabase();
  const database = await openDatabase({ url: throwaway.url });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}
