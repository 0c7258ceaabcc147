import { releaseAllTaskLeases } from "@/lib/db/task-leases";
import { InlineRunner } from "./inline-runner";
import type { RetryPolicy } from "./inline-step";
import { InngestRunner } from "./inngest-runner";
import type { TaskDeps, TaskRunner } from "./types";

export interface RunnerOptions {
  /** This node: the owner of the task leases the inline runner takes. */
  nodeId: string;
  /** The only process on its database (the embedded one): every lease found at start is a dead process's. */
  singleProcess: boolean;
  retryPolicy?: RetryPolicy;
}

/**
 * Inngest when configured (it keeps unfinished runs itself; its sweeps hand over again what it
 * never got); otherwise the inline runner, whose sweeps (lib/app/maintenance.ts) take up the
 * tasks a stopped node left unfinished.
 */
export async function createRunner(deps: TaskDeps, options: RunnerOptions): Promise<TaskRunner> {
  if (deps.config.inngest) return new InngestRunner(deps.config.inngest, deps);
  if (options.singleProcess) await releaseAllTaskLeases(deps.db);
  const { taskConcurrency, maxRunningExportsPerUser, webhookConcurrency, webhookDeliveriesPerUser, importConcurrency, importsPerUser } = deps.config;
  return new InlineRunner(deps.taskDefinitions, deps, {
    slots: {
      upload: { size: taskConcurrency },
      export: { size: taskConcurrency, perUser: maxRunningExportsPerUser },
      // Isolation, not a quota: each node's slots suffice, without a lock on the user per claim.
      webhook: { size: webhookConcurrency, perUser: webhookDeliveriesPerUser, perUserOnEachNode: true },
      unpin: { size: 1 },
      // Imports hold a slot as long as their source takes: their own, so upload checks never wait behind them.
      import: { size: importConcurrency, perUser: importsPerUser, perUserOnEachNode: true },
      // Watches the segments (every node's background pool makes them): cheap, one per asset transcoding.
      "transcode-file": { size: 16 },
      // ffmpeg at work: one at a time on a node, niced, so viewers' requests come first.
      storyboard: { size: 1 },
      // Each runs ffmpeg with every core: one at a time per node.
      clip: { size: 1 },
    },
    owner: options.nodeId,
    sharedDatabase: !options.singleProcess,
    leaseMs: deps.config.taskLeaseSeconds * 1000,
    retryPolicy: options.retryPolicy,
  });
}
