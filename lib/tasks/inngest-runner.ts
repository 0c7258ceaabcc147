import type { InngestConfig } from "@/lib/config/config";
import { listTasksWaitingSince, type WaitingTask } from "@/lib/db/tasks";
import { log } from "@/lib/log/log";
import type { QueuedTask, TaskDeps, TaskRunner } from "./types";
import { createEventClient, taskEvents } from "./inngest-client";

/** A task queued this long ago that has not started is handed over again. */
const HAND_OVER_AGAIN_AFTER_MS = 2 * 60_000;
/** Inngest drops an event whose id it saw within a day: older queueings are not sent again (that could run them twice). */
const HAND_OVER_AGAIN_UNTIL_MS = 23 * 3600_000;
/** Tasks one sweep hands over again at most; the next sweep goes on after them. */
const SWEEP_BATCH = 100;

/**
 * Queues tasks on Inngest by sending their event; Inngest then calls /api/inngest to run them,
 * on any machine, and keeps their progress through restarts itself. An event lost on the way
 * (Inngest unreachable, or this process killed between queueing a task and sending it) would leave
 * its task waiting forever, so sweeps send the events of tasks long queued again: each event's id
 * names the task's queueing, and Inngest drops an event whose id it has seen in the past day.
 */
export class InngestRunner implements TaskRunner {
  readonly kind = "inngest" as const;
  private readonly client;
  /** Where the next sweep goes on: tasks long queued behind a concurrency limit do not hold up the rest. */
  private sweptUpTo: WaitingTask | undefined;

  constructor(
    config: InngestConfig,
    private readonly deps: Pick<TaskDeps, "db" | "now">,
  ) {
    this.client = createEventClient(config);
    if (!config.signingKey) {
      log.warn(
        "inngest",
        "INNGEST_DEV is set and INNGEST_SIGNING_KEY is not: /api/inngest runs tasks for unsigned calls, from anyone who can reach it. Set INNGEST_SIGNING_KEY (and INNGEST_EVENT_KEY) outside development.",
      );
    }
  }

  async enqueue(task: QueuedTask): Promise<void> {
    const id = task.statusUpdatedAt === undefined ? undefined : `${task.id}-${task.statusUpdatedAt}`;
    await this.client.send(taskEvents[task.type].create({ taskId: task.id, userId: task.userId }, { id }));
  }

  async sweep(): Promise<void> {
    const now = this.deps.now();
    const window = { since: now - HAND_OVER_AGAIN_UNTIL_MS, before: now - HAND_OVER_AGAIN_AFTER_MS, limit: SWEEP_BATCH };
    const stale = await listTasksWaitingSince(this.deps.db, { ...window, after: this.sweptUpTo });
    this.sweptUpTo = stale.length === SWEEP_BATCH ? stale.at(-1) : undefined;
    try {
      for (const task of stale) await this.enqueue(task);
    } catch (error) {
      // Inngest is unreachable: the next sweep tries again; the node's other periodic work goes on.
      this.sweptUpTo = undefined;
      log.warn("runner", "could not send queued tasks to Inngest again", error);
    }
  }

  /** Tasks run elsewhere; there is nothing in this process to wait for. */
  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}
