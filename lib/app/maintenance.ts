import { deleteIdempotencyKeysCreatedBefore } from "@/lib/db/idempotency-keys";
import { deleteSpentRateLimits } from "@/lib/db/rate-limits";
import { deleteNodesSeenBefore, recordNodeAlive, removeNode } from "@/lib/db/nodes";
import { deleteFinishedInternalTasks } from "@/lib/db/task-retention";
import { deleteStepsOfEndedTasks } from "@/lib/db/task-steps";
import { deleteOldWebhookHistory } from "@/lib/db/webhooks";
import { IDEMPOTENCY_KEY_TTL_MS } from "@/lib/idempotency/answer-idempotently";
import { log } from "@/lib/log/log";
import type { TaskRunner } from "@/lib/tasks/types";
import type { Db } from "@/lib/db/client";
import type { NodeIdentity } from "./node";

/** Nodes not seen for this long are forgotten. */
const FORGET_NODES_MS = 24 * 3600_000;
/** Webhook events and delivery logs are kept this long (deliveries retry for a day; logs can be resent). */
const KEEP_WEBHOOK_HISTORY_MS = 7 * 24 * 3600_000;
/** Spent rate limits, forgotten nodes, old webhook history and expired idempotency keys are cleared once in this many ticks. */
const CLEANUP_EVERY = 60;
/**
 * Finished webhook deliveries and unpins deleted per tick, while any are past their retention: a backlog of
 * millions goes in a day or two, each statement short.
 */
const PRUNE_BATCH = 1000;

export interface MaintenanceDeps {
  db: Db;
  node: NodeIdentity;
  runner: TaskRunner;
  /** Playback's sums of this node, written at each tick. */
  deliveries: { flush(): Promise<void> };
  /** Fans out webhook events: each tick catches any whose notification was missed. */
  webhookEvents: { kick(): Promise<void> };
  /** Gives assets ready before CIDs were computed their CID, in the background (it may read large files). */
  digestBackfill: { kick(): void; stop(): Promise<void> };
  runnerKind: string;
  storageKind: string;
  startedAt: number;
  /** How long finished webhook deliveries and unpins are kept (TASK_RETENTION_DAYS). */
  taskRetentionMs: number;
  /** Viewer metrics: roll-ups of the views reported since the last tick, and retention. */
  views: { rollUp(): Promise<void>; prune(now: number): Promise<void> };
  now(): number;
}

/**
 * The node's periodic work, from its start: it says it is alive (for /api/health), and its
 * runner sweeps: the inline runner takes over tasks that are due and held by no live node (a dead
 * node's, once their leases run out); the Inngest runner sends again the events of tasks queued
 * long ago that never started. It also fans out any webhook events still waiting, writes the
 * playback sums of the last tick, deletes webhook deliveries and unpins past their retention, and starts the
 * CID backfill when it is not running. Viewer metrics' roll-ups are brought up to date, and views
 * past their retention deleted.
 */
export function startMaintenance(deps: MaintenanceDeps, intervalMs: number) {
  let ticks = 0;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    const now = deps.now();
    const self = { id: deps.node.id, name: deps.node.name, runner: deps.runnerKind, storage: deps.storageKind, startedAt: deps.startedAt };
    await recordNodeAlive(deps.db, self, now);
    await deps.runner.sweep?.();
    await deps.webhookEvents.kick();
    await deps.deliveries.flush();
    deps.digestBackfill.kick();
    await deleteFinishedInternalTasks(deps.db, now - deps.taskRetentionMs, PRUNE_BATCH);
    await deps.views.rollUp();
    await deps.views.prune(now);
    if (ticks++ % CLEANUP_EVERY === 0) {
      await deleteSpentRateLimits(deps.db, now);
      await deleteNodesSeenBefore(deps.db, now - FORGET_NODES_MS);
      await deleteOldWebhookHistory(deps.db, now - KEEP_WEBHOOK_HISTORY_MS);
      await deleteIdempotencyKeysCreatedBefore(deps.db, now - IDEMPOTENCY_KEY_TTL_MS);
      await deleteStepsOfEndedTasks(deps.db);
    }
  };
  const run = () => {
    running = tick().catch((error) => log.warn("maintenance", "a periodic check failed", error));
  };
  run();
  const timer = setInterval(run, intervalMs);
  return {
    /** The first tick's work (registering the node, the start-up sweep). */
    started: () => running,
    async stop() {
      clearInterval(timer);
      await running;
      await deps.digestBackfill.stop();
      await removeNode(deps.db, deps.node.id).catch(() => {});
    },
  };
}
