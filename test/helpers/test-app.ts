import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp, setApp, type App } from "@/lib/app/app";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { loadConfig } from "@/lib/config/config";
import type { RetryPolicy } from "@/lib/tasks/inline-step";
import { insertUser } from "@/lib/db/users";
import { createTestBucket, type StorageKind, type TestBucket } from "./s3-server";
import { POSTGRES_SECRETS } from "./postgres-secrets";
import { openTestDatabase } from "./test-databases";

export const ORIGIN = "http://service.test";

export interface TestApp {
  app: App;
  dataDir: string;
  /** The bucket, when the app runs on S3 storage. */
  bucket?: TestBucket;
  /** Moves this app's clock forward. */
  advanceClock(ms: number): void;
  /** A new user and an API token for it. */
  createUser(email?: string): Promise<{ userId: string; token: string; tokenId: string }>;
  close(): Promise<void>;
}

/** Apps started and not yet closed; the newest serves the route handlers. */
const installed: App[] = [];

/** An app on a fresh database and data directory, installed as the process app for route handlers. */
export async function startTestApp(
  kind: "pglite" | "postgres",
  env: Record<string, string> = {},
  storage: StorageKind = "local",
  options: { retryPolicy?: RetryPolicy } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-test-"));
  let clockOffset = 0;
  const bucket = storage === "s3" ? await createTestBucket() : undefined;
  const secrets = kind === "postgres" ? POSTGRES_SECRETS : {};
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: ORIGIN, ...secrets, ...bucket?.env, ...env });
  const app = await createApp(config, {
    database: await openTestDatabase(kind),
    retryPolicy: options.retryPolicy ?? { maxRetries: 4, baseDelayMs: 5 },
    now: () => Date.now() + clockOffset,
  });
  installed.push(app);
  setApp(app);
  let users = 0;
  return {
    app,
    dataDir,
    bucket,
    advanceClock(ms) {
      clockOffset += ms;
    },
    async createUser(email = `user${++users}-${Date.now()}@example.com`) {
      const user = await insertUser(app.db, { email, createdAt: app.now() });
      const { token, row } = await registerApiToken(app.db, { userId: user.id, name: "test", now: app.now() });
      return { userId: user.id, token, tokenId: row.id };
    },
    async close() {
      installed.splice(installed.indexOf(app), 1);
      setApp(installed.at(-1));
      await app.close();
      await bucket?.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
