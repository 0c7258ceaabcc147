import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, setApp, type App } from "@/lib/app/app";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { loadConfig } from "@/lib/config/config";
import { findTask } from "@/lib/db/tasks";
import { insertUser } from "@/lib/db/users";
import { fixture } from "../helpers/api";
import { readyAsset } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { ORIGIN } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** A throwaway PostgreSQL database that a second process can open by URL. */
async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vas_resume_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Kills a real service process (SIGKILL) in the middle of an export and starts the service again
 * on the same database: the new process resumes the task and completes it.
 */
describe.each(testDatabaseKinds)("an export interrupted by a killed process, on %s", (kind) => {
  let receiver: ReceiverDouble;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    receiver = await startReceiverDouble();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-resume-"));
    if (kind === "postgres") server = await createServerDatabase();
    env = { DATA_DIR: dataDir, APP_URL: ORIGIN, EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, DATABASE_URL: server?.url ?? "" };
  });
  afterAll(async () => {
    await receiver.close();
    await server?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function withApp<T>(body: (app: App) => Promise<T>): Promise<T> {
    const app = await createApp(loadConfig(env));
    setApp(app);
    try {
      return await body(app);
    } finally {
      setApp(undefined);
      await app.close();
    }
  }

  it("is resumed and completed by the next start", async () => {
    const { userId, assetId } = await withApp(async (app) => {
      const user = await insertUser(app.db, { email: `resume-${kind}@example.com`, createdAt: app.now() });
      const { token } = await registerApiToken(app.db, { userId: user.id, name: "test", now: app.now() });
      const asset = await readyAsset({ app }, token);
      return { userId: user.id, assetId: asset.id };
    });

    const stall = receiver.stallAfter(1);
    // One process (not the tsx CLI, which runs the script in a child), so SIGKILL stops the service itself.
    const child = spawn(process.execPath, ["--import", "tsx", path.join("test", "helpers", "export-child.ts")], {
      env: { ...process.env, ...env, EXPORT_USER_ID: userId, EXPORT_ASSET_ID: assetId, EXPORT_URL: `${receiver.url}/resumed` },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
    const { taskId } = JSON.parse(await firstLine);
    await stall.stalled;
    child.kill("SIGKILL");
    await exited;
    stall.release();

    await withApp(async (app) => {
      await app.runner.idle();
      const task = await findTask(app.db, taskId);
      expect(task).toMatchObject({ phase: "completed", progress: 1 });
      expect(task?.output).toEqual({ export: { custom: { url: `${receiver.url}/resumed`, method: "PUT", status: 200 } } });
    });
    const [interrupted, resumed] = receiver.received;
    expect(interrupted.complete).toBe(false);
    expect(resumed).toMatchObject({ method: "PUT", complete: true });
    expect(resumed.bytes!.equals(fixture("h264-aac.mp4"))).toBe(true);
  }, 120_000);
});
