import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createApp, setApp, type App } from "@/lib/app/app";
import { loadConfig } from "@/lib/config/config";
import { routes } from "../helpers/api";
import { sessionCookieOf, signInByHttp } from "../helpers/auth-http";
import { callRoute } from "../helpers/call-route";
import { withPostgresSecrets } from "../helpers/postgres-secrets";
import { ORIGIN } from "../helpers/test-app";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const run = promisify(execFile);
const PASSWORD = "newcomer password";

/** `npm run token:create -- …` as a newcomer runs it, against `env`'s database. */
function tokenCreate(env: Record<string, string>, ...args: string[]) {
  return run("npx", ["tsx", "scripts/create-token.ts", ...args], { env: { ...process.env, DATABASE_URL: "", ...env } });
}

describe.each(testDatabaseKinds)("npm run token:create on %s", (kind) => {
  let dataDir: string;
  let database: ThrowawayDatabase | undefined;
  let app: App | undefined;

  async function environment() {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-token-"));
    database = kind === "postgres" ? await createThrowawayDatabase() : undefined;
    return withPostgresSecrets({ DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) });
  }

  /** The server, started after the script as the README says (the embedded database has one process at a time). */
  async function startServing(env: Record<string, string>) {
    app = await createApp(loadConfig({ ...env, APP_URL: ORIGIN }));
    setApp(app);
  }

  afterEach(async () => {
    setApp(undefined);
    await app?.close();
    app = undefined;
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("with --password makes a user who can sign in to the dashboard, and a token that works", async () => {
    const env = await environment();
    const { stdout, stderr } = await tokenCreate(env, "--email", "Newcomer@Example.com", "--password", PASSWORD);
    const token = stdout.trim();
    expect(token).toMatch(/^vas_[A-Za-z0-9_-]{43}$/);
    expect(stderr).toMatch(/Created user newcomer@example\.com; it can sign in to the dashboard/);

    await startServing(env);
    expect(sessionCookieOf(await signInByHttp("newcomer@example.com", PASSWORD))).toBeDefined();
    expect(sessionCookieOf(await signInByHttp("newcomer@example.com", "not the password"))).toBeUndefined();
    expect((await callRoute(routes.assetList.GET, "/api/asset", { token })).status).toBe(200);
  }, 60_000);

  it("sets a password for a user it made earlier without one, and refuses a short one", async () => {
    const env = await environment();
    await tokenCreate(env, "--email", "later@example.com");
    const refused = await tokenCreate(env, "--email", "later@example.com", "--password", "short").catch((error) => error);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--password: must be at least 8 characters/);
    await tokenCreate(env, "--email", "later@example.com", "--password", PASSWORD);

    await startServing(env);
    expect(sessionCookieOf(await signInByHttp("later@example.com", PASSWORD))).toBeDefined();
  }, 60_000);
});
