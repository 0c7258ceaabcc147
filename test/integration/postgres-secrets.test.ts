import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "@/lib/app/app";
import { loadConfig } from "@/lib/config/config";
import { POSTGRES_SECRETS } from "../helpers/postgres-secrets";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

/**
 * Keys kept in the database they protect make a backup of it enough to decrypt the credentials
 * it holds: on PostgreSQL, SECRETS_ENCRYPTION_KEY and AUTH_SECRET come from the environment only.
 */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("the secrets of a service on PostgreSQL", () => {
  let database: ThrowawayDatabase | undefined;
  let app: App | undefined;
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "vas-pg-secrets-"));
  /** Runs SQL on the service's database, as someone holding only a backup of it could. */
  async function sql<T extends Record<string, unknown>>(query: string, parameters: string[] = []): Promise<T[]> {
    const client = postgres(database!.url, { max: 1, onnotice: () => {} });
    try {
      return [...(await client.unsafe<T[]>(query, parameters))];
    } finally {
      await client.end();
    }
  }
  const storedNames = async () => (await sql<{ name: string }>("select name from app_secrets order by name")).map((row) => row.name);

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await database?.drop();
  });

  it("refuses to start without SECRETS_ENCRYPTION_KEY and AUTH_SECRET, saying how to make them", async () => {
    database = await createThrowawayDatabase();
    await expect(createApp(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: database.url }))).rejects.toThrow(
      /on PostgreSQL \(DATABASE_URL\) set SECRETS_ENCRYPTION_KEY and AUTH_SECRET in the environment, each made with `openssl rand -base64 32`/,
    );
    const onlyOne = { DATA_DIR: dataDir(), DATABASE_URL: database.url, SECRETS_ENCRYPTION_KEY: POSTGRES_SECRETS.SECRETS_ENCRYPTION_KEY };
    await expect(createApp(loadConfig(onlyOne))).rejects.toThrow(/set AUTH_SECRET in the environment/);
  });

  it("starts with them, and keeps neither in the database", async () => {
    database = await createThrowawayDatabase();
    app = await createApp(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: database.url, ...POSTGRES_SECRETS }));
    expect(await storedNames()).toEqual(["UPLOAD_SIGNING_SECRET"]);
  });

  it("removes the generated ones an earlier version stored, once they are set in the environment", async () => {
    database = await createThrowawayDatabase();
    app = await createApp(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: database.url, ...POSTGRES_SECRETS }));
    await app.close();
    app = undefined;
    for (const [name, value] of Object.entries(POSTGRES_SECRETS)) {
      await sql("insert into app_secrets (name, value, created_at) values ($1, $2, 0)", [name, value]);
    }
    app = await createApp(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: database.url, ...POSTGRES_SECRETS }));
    expect(await storedNames()).toEqual(["UPLOAD_SIGNING_SECRET"]);
  });
});
