import { startAdminServer } from "@/lib/admin/admin-server";
import { ListCursors } from "@/lib/api/list-cursor";
import { ReceivingUploads } from "@/lib/assets/receiving-uploads";
import { recoverInterruptedUploads } from "@/lib/assets/recover-interrupted-uploads";
import { ensureInitUser } from "@/lib/auth/ensure-user";
import { VerifiedTokenCache } from "@/lib/auth/verified-token-cache";
import { loadConfig, type Config } from "@/lib/config/config";
import { resolveSecrets } from "@/lib/config/secrets";
import { API_TOKEN_REVOKED_CHANNEL } from "@/lib/db/api-tokens";
import { openDatabase, type Database } from "@/lib/db/client";
import { protectDataDir } from "@/lib/db/private-data-dir";
import { announceTasksHandedBack, TASKS_HANDED_BACK_CHANNEL } from "@/lib/db/task-leases";
import { TASK_CANCELLED_CHANNEL } from "@/lib/db/tasks";
import { addDeliveries } from "@/lib/db/usage";
import { WEBHOOK_EVENTS_CHANNEL } from "@/lib/db/webhooks";
import { ApiRateLimiter } from "@/lib/limits/api-rate-limiter";
import { DatabaseLimiter } from "@/lib/limits/database-limiter";
import { connectRedis, RedisLimiter, type RedisClient } from "@/lib/limits/redis-limiter";
import type { SharedLimiter } from "@/lib/limits/types";
import { SealedBox } from "@/lib/secrets/sealed-box";
import { createStorage } from "@/lib/storage/create-storage";
import type { Storage } from "@/lib/storage/types";
import { createRunner } from "@/lib/tasks/create-runner";
import type { RetryPolicy } from "@/lib/tasks/inline-step";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { DeliveryMeter } from "@/lib/usage/delivery-meter";
import { EventDispatcher } from "@/lib/webhooks/dispatch-events";
import { startMaintenance } from "./maintenance";
import { createDigestBackfill } from "@/lib/assets/backfill-digests";
import { viewMaintenance } from "@/lib/analytics/view-maintenance";
import { newNodeIdentity, type NodeIdentity } from "./node";
import { taskDefinitions } from "./task-definitions";
import { releaseSegmentLeases, SEGMENTS_PLANNED_CHANNEL } from "@/lib/db/transcode-segments";
import { startBackgroundTranscoding } from "@/lib/transcode/background-transcoding";
import { segmentMakerFor } from "@/lib/transcode/segment-maker";

/** Everything a request or a task needs, built once per process. */
export interface App extends TaskDeps {
  database: Database;
  runner: TaskRunner;
  /** This process among the nodes sharing the database. */
  node: NodeIdentity;
  /** RATE_LIMIT_PER_MINUTE per caller, across every node. */
  rateLimiter: ApiRateLimiter;
  /** Limits shared with every node (sign-in throttles): Redis when REDIS_URL is set, else the database. */
  limiter: SharedLimiter;
  /** Set when REDIS_URL is: checked by /api/health. */
  redis?: RedisClient;
  verifiedTokens: VerifiedTokenCache;
  /** Uploads this process is receiving, so deleting their asset stops them. */
  receivingUploads: ReceivingUploads;
  /** Encrypts the dashboard's session cookies (Auth.js). */
  authSecret: string;
  /** Signs the upload URLs and tus tokens this service issues (and list cursors, with a key derived from it). */
  uploadSigningSecret: string;
  listCursors: ListCursors;
  /** Playback's bytes and seconds per user and day, written at each maintenance tick (and on close). */
  deliveries: DeliveryMeter;
  /**
   * For a node that stops: its task runs end at once and their tasks go back to the other nodes,
   * which are told to take them now; `close` then ends the rest.
   */
  handOffTasks(): Promise<void>;
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
  protectDataDir(config.dataDir);
  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir }));
  let redis: RedisClient | undefined;
  try {
    const db = database.db;
    const secrets = await resolveSecrets(config, database, now());
    const storage = options.storage ?? (await createStorage(config, secrets.uploadSigningSecret));
    redis = config.redis && (await connectRedis(config.redis.url));
    if (config.initUser) await ensureInitUser(db, config.initUser, now());
    const deps: TaskDeps = {
      db,
      storage,
      config,
      sealedBox: new SealedBox(secrets.secretsEncryptionKey),
      uploadSigningSecret: secrets.uploadSigningSecret,
      now,
      taskDefinitions,
    };
    // The embedded database has one process: what it finds claimed at start is a dead process's.
    const singleProcess = database.kind === "pglite";
    if (singleProcess) await recoverInterruptedUploads(deps);
    const node = newNodeIdentity(config.nodeName);
    const runner = await createRunner(deps, { nodeId: node.id, singleProcess, retryPolicy: options.retryPolicy });
    deps.runner = runner;
    const webhookEvents = new EventDispatcher({ ...deps, runner });
    const stopListeningForEvents = await database.listen(WEBHOOK_EVENTS_CHANNEL, () => void webhookEvents.kick());
    // Whichever node a cancel reaches, the node running the task stops it at once.
    const stopListeningForCancels = await database.listen(TASK_CANCELLED_CHANNEL, (taskId) => runner.stop?.(taskId));
    // A node that stops gives its tasks back: take them now, not at the next sweep.
    const stopListeningForHandOffs = await database.listen(TASKS_HANDED_BACK_CHANNEL, () => void runner.sweep?.().catch(() => {}));
    // A key revoked on any node is refused here from the next request on. Notifications missed
    // while the connection was down cannot be told apart, so a new connection forgets every token.
    const verifiedTokens = new VerifiedTokenCache();
    const stopListeningForRevocations = await database.listen(
      API_TOKEN_REVOKED_CHANNEL,
      (tokenId) => verifiedTokens.forget(tokenId),
      () => verifiedTokens.forgetAll(),
    );
    // Segments are made on every node (section 18): on Inngest by its steps, inline by this pool.
    if (singleProcess) await releaseSegmentLeases(db);
    const transcoding = config.inngest || config.transcodeConcurrency === 0 ? undefined : startBackgroundTranscoding(deps, config.transcodeConcurrency);
    const stopListeningForSegments = await database.listen(SEGMENTS_PLANNED_CHANNEL, () => transcoding?.wake());
    const limiter: SharedLimiter = redis && config.redis ? new RedisLimiter(redis, config.redis.keyPrefix) : new DatabaseLimiter(db);
    const deliveries = new DeliveryMeter((batch) => addDeliveries(db, batch));
    const maintenance = startMaintenance(
      {
        db,
        deliveries,
        node,
        runner,
        webhookEvents,
        digestBackfill: createDigestBackfill({ db, storage, nodeId: node.id, now }),
        runnerKind: runner.kind,
        storageKind: storage.kind,
        startedAt: now(),
        taskRetentionMs: config.taskRetentionDays * 24 * 3600_000,
        views: viewMaintenance(db, config),
        now,
      },
      (config.taskLeaseSeconds * 1000) / 3,
    );
    await maintenance.started();
    // The command-line scripts cannot open the embedded database this process holds: it runs their commands.
    const adminServer = singleProcess && !options.database ? await startAdminServer({ db, dataDir: config.dataDir, now }) : undefined;
    return {
      ...deps,
      database,
      runner,
      node,
      rateLimiter: new ApiRateLimiter(limiter, config.rateLimitPerMinute),
      limiter,
      redis,
      receivingUploads: new ReceivingUploads(),
      verifiedTokens,
      authSecret: secrets.authSecret,
      uploadSigningSecret: secrets.uploadSigningSecret,
      listCursors: new ListCursors(secrets.uploadSigningSecret),
      deliveries,
      async handOffTasks() {
        const handedBack = (await runner.handOff?.()) ?? [];
        if (handedBack.length > 0) await announceTasksHandedBack(db, handedBack.length);
      },
      async close() {
        await adminServer?.close();
        await stopListeningForEvents();
        await stopListeningForCancels();
        await stopListeningForHandOffs();
        await stopListeningForRevocations();
        await stopListeningForSegments();
        segmentMakerFor(deps).stop();
        await transcoding?.close();
        await maintenance.stop();
        await deliveries.flush();
        await webhookEvents.idle();
        await runner.close();
        await redis?.quit();
        await database.close();
      },
    };
  } catch (error) {
    await redis?.quit().catch(() => {});
    if (!options.database) await database.close();
    throw error;
  }
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
