import type { InngestConfig } from "@/lib/config/config";
import { listTasksWaitingSince } from "@/lib/db/tasks";
import type { QueuedTask, TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { createEventClient, taskEvents } from "./client";

/** A task queued this long ago that has not started is handed over again. */
const HAND_OVER_AGAIN_AFTER_MS = 2 * 60_000;
/** Tasks one sweep hands over again at most; the next sweep takes the rest. */
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

  constructor(
    config: InngestConfig,
    private readonly deps: Pick<TaskDeps, "db" | "now">,
  ) {
    this.client = createEventClient(config);
  }

  async enqueue(task: QueuedTask): Promise<void> {
    const id = task.statusUpdatedAt === undefined ? undefined : `${task.id}-${task.statusUpdatedAt}`;
    await this.client.send(taskEvents[task.type].create({ taskId: task.id, userId: task.userId }, { id }));
  }

  async sweep(): Promise<void> {
    const stale = await listTasksWaitingSince(this.deps.db, this.deps.now() - HAND_OVER_AGAIN_AFTER_MS, SWEEP_BATCH);
    for (const task of stale) await this.enqueue(task);
  }

  /** Tasks run elsewhere; there is nothing in this process to wait for. */
  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}
