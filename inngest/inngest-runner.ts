import type { InngestConfig } from "@/lib/config/config";
import type { QueuedTask, TaskRunner } from "@/lib/tasks/types";
import { createEventClient, taskEvents } from "./client";

/**
 * Queues tasks on Inngest by sending their event; Inngest then calls /api/inngest to run them,
 * on any machine, and keeps their progress through restarts itself.
 */
export class InngestRunner implements TaskRunner {
  readonly kind = "inngest" as const;
  private readonly client;

  constructor(config: InngestConfig) {
    this.client = createEventClient(config);
  }

  async enqueue(task: QueuedTask): Promise<void> {
    await this.client.send(taskEvents[task.type].create({ taskId: task.id, userId: task.userId }));
  }

  /** Tasks run elsewhere; there is nothing in this process to wait for. */
  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}
