import { z } from "zod";
import { findTask } from "@/lib/db/tasks";
import { findWebhookEvent } from "@/lib/db/webhooks";
import { finishTask } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { deliverOnce, type DeliveryOutcome } from "./deliver-once";

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 3600_000;
/** A Retry-After is honoured up to this. */
const LONGEST_RETRY_AFTER_MS = 6 * 3600_000;
const GIVE_UP_AFTER_MS = 24 * 3600_000;

const deliveryParams = z.object({ webhook: z.object({ webhookId: z.uuid(), eventId: z.uuid() }) });

interface Delivery {
  webhookId: string;
  eventId: string;
  /** When the first attempt was made: retries stop a day after it. */
  startedAt: number;
}

/** Exponential backoff from 5 s, at most an hour apart, or the endpoint's Retry-After when longer. */
export function retryDelayMs(attempt: number, retryAfterMs?: number): number {
  const backoff = Math.min(FIRST_RETRY_MS * 2 ** attempt, LONGEST_WAIT_MS);
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, LONGEST_RETRY_AFTER_MS));
}

/**
 * The `webhook` task: delivers one event to one webhook, at least once. Network failures, 408,
 * 429 and 5xx are tried again with backoff for about a day; other 3xx/4xx end it; 410 disables
 * the webhook. It sleeps between attempts, holding no slot; each attempt is a step of its own.
 */
export const deliverWebhookTask: TaskDefinition = {
  type: "webhook",

  async run(taskId, step, deps) {
    const delivery = await step.run("load-delivery", () => loadDelivery(deps, taskId));
    for (let attempt = 0; ; attempt++) {
      const outcome = await step.run(`deliver-${attempt}`, () => attemptDelivery(deps, delivery));
      if (outcome.kind !== "retry") {
        await step.run("record-delivery", () => recordDelivery(deps, taskId, outcome));
        return;
      }
      const wait = retryDelayMs(attempt, outcome.retryAfterMs);
      if (deps.now() + wait - delivery.startedAt > GIVE_UP_AFTER_MS) {
        throw new NonRetriableError(`the endpoint could not be reached for a day (${attempt + 1} attempts)`);
      }
      await step.sleep(`wait-${attempt}`, wait);
    }
  },
};

async function loadDelivery(deps: TaskDeps, taskId: string): Promise<Delivery> {
  const task = await findTask(deps.db, taskId);
  if (!task) throw new NonRetriableError("the delivery was deleted");
  const { webhook } = deliveryParams.parse(task.params);
  return { ...webhook, startedAt: deps.now() };
}

async function attemptDelivery(deps: TaskDeps, delivery: Delivery): Promise<DeliveryOutcome> {
  const event = await findWebhookEvent(deps.db, delivery.eventId);
  if (!event) return { kind: "dropped" };
  return (await deliverOnce(deps, delivery.webhookId, event)).outcome;
}

async function recordDelivery(deps: TaskDeps, taskId: string, outcome: DeliveryOutcome) {
  if (outcome.kind === "refused") return finishTask(deps, taskId, { phase: "failed", errorMessage: "the endpoint refused the event" });
  if (outcome.kind === "gone") return finishTask(deps, taskId, { phase: "failed", errorMessage: "the endpoint answered 410: the webhook was disabled" });
  return finishTask(deps, taskId, { phase: "completed", output: { webhook: { outcome: outcome.kind } } });
}
