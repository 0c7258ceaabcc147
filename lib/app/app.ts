import { ensureInitUser } from "@/lib/auth/ensure-user";
import { RateLimiter } from "@/lib/auth/rate-limiter";
import { VerifiedTokenCache } from "@/lib/auth/verified-token-cache";
import { loadConfig, type Config } from "@/lib/config/config";
import { resolveSecret } from "@/lib/config/secrets";
import { openDatabase, type Database } from "@/lib/db/client";
import { createStorage } from "@/lib/storage/create-storage";
import type { Storage } from "@/lib/storage/types";
import { createRunner } from "@/lib/tasks/create-runner";
import type { RetryPolicy } from "@/lib/tasks/inline-step";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";

/** Everything a request or a task needs, built once per process. */
export interface App extends TaskDeps {
  database: Database;
  runner: TaskRunner;
  rateLimiter: RateLimiter;
  verifiedTokens: VerifiedTokenCache;
  /** Encrypts the dashboard's session cookies (Auth.js). */
  authSecret: string;
  close(): Promise<void>;
}

export interface AppOptions {
  /** Tests pass an in-memory or PostgreSQL database. */
  database?: Database;
  storage?: Storage;
  retryPolicy?: RetryPolicy;
  now?: () => number;
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? Date.now;
  // Storage first: an unreachable bucket stops start-up before the database is opened (and locked).
  const storage =
    options.storage ??
    (await createStorage(config, resolveSecret(config.dataDir, "UPLOAD_SIGNING_SECRET", config.uploadSigningSecret)));
  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir }));
  const db = database.db;
  if (config.initUser) await ensureInitUser(db, config.initUser, now());
  const deps: TaskDeps = { db, storage, config, now };
  const runner = await createRunner(deps, options.retryPolicy);
  return {
    ...deps,
    database,
    runner,
    rateLimiter: new RateLimiter(config.rateLimitPerMinute),
    verifiedTokens: new VerifiedTokenCache(),
    authSecret: resolveSecret(config.dataDir, "AUTH_SECRET", config.authSecret),
    async close() {
      await runner.close();
      await database.close();
    },
  };
}

const holder = globalThis as typeof globalThis & { __videoAssetApp?: Promise<App> };

/** The process-wide app, built on first use from the environment (kept across dev reloads). */
export function getApp(): Promise<App> {
  holder.__videoAssetApp ??= createApp(loadConfig()).catch((error) => {
    holder.__videoAssetApp = undefined;
    throw error;
  });
  return holder.__videoAssetApp;
}

export function setApp(app: App | undefined): void {
  holder.__videoAssetApp = app ? Promise.resolve(app) : undefined;
}
