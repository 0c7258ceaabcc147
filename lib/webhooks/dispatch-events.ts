import { dispatchWebhookEvents } from "@/lib/db/webhooks";
import { log } from "@/lib/log/log";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";

const BATCH = 200;

/**
 * Fans the outbox's new events out into deliveries and queues them. Kicked when the database
 * says an event was recorded (on any node: NOTIFY), and by every node's periodic check, so an
 * event recorded just before a process died is delivered all the same. Kicks while it runs are
 * folded into one more pass.
 */
export class EventDispatcher {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: TaskDeps & { runner: TaskRunner }) {}

  /** Resolves when no pass is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain()
      .catch((error) => log.warn("webhooks", "dispatching events failed", error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.kick();
        }
      });
    return this.running;
  }

  private async drain() {
    for (;;) {
      const { dispatched, deliveries } = await dispatchWebhookEvents(this.deps.db, this.deps.now(), BATCH);
      for (const delivery of deliveries) await this.deps.runner.enqueue(delivery);
      if (dispatched < BATCH) return;
    }
  }
}
