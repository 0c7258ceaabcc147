import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { migratedPgliteImage, openDatabase, type Database } from "@/lib/db/client";

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
  if (kind === "pglite") return openDatabase({ image: await pgliteImage() });
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

/**
 * The migrated in-memory database every PGlite test database starts from, made by the first test
 * file that needs it and kept in the temporary directory under a name that changes with the
 * migrations, the PGlite version and its start parameters (test files run in processes of their own).
 */
let image: Promise<Blob> | undefined;
let imageFile: Promise<string> | undefined;

/** Read once per test file's process; every open loads its own database from it. */
function pgliteImage(): Promise<Blob> {
  image ??= pgliteImageFile().then(async (file) => new Blob([await fs.promises.readFile(file)]));
  return image;
}

/** The image's tar archive (made on first use). */
export function pgliteImageFile(): Promise<string> {
  imageFile ??= (async () => {
    const file = path.join(os.tmpdir(), `vas-test-pglite-${imageKey()}.tar`);
    if (fs.existsSync(file)) return file;
    const made = await migratedPgliteImage();
    const partial = `${file}.${process.pid}`;
    await fs.promises.writeFile(partial, Buffer.from(await made.arrayBuffer()));
    fs.renameSync(partial, file);
    return file;
  })();
  return imageFile;
}

function imageKey(): string {
  const hash = createHash("sha256");
  const migrations = path.resolve("drizzle");
  for (const name of fs.readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(migrations, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  hash.update(fs.readFileSync(path.resolve("lib/db/pglite.ts")));
  hash.update(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  return hash.digest("hex").slice(0, 16);
}
