import { z } from "zod";
import { findTask, updateTask } from "@/lib/db/tasks";
import { findWebhookEvents } from "@/lib/db/webhooks";
import { finishTask } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, writerOf, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { deliverEvents } from "./deliver-events";

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 3600_000;
/** A Retry-After is honoured up to this. */
const LONGEST_RETRY_AFTER_MS = 6 * 3600_000;
const GIVE_UP_AFTER_MS = 24 * 3600_000;

const deliveryParams = z.object({ webhook: z.object({ webhookId: z.uuid(), eventIds: z.array(z.uuid()).min(1) }) });

interface Delivery {
  webhookId: string;
  eventIds: string[];
  /** When the first attempt was made: retries stop a day after it. */
  startedAt: number;
}

/** What one round of attempts left to do. */
interface Round {
  /** Events to try again, after `retryAfterMs` at least when an endpoint asked for it. */
  retry: string[];
  retryAfterMs?: number;
  delivered: number;
  refused: number;
  /** The endpoint answered 410 (the webhook is now disabled), or the webhook was deleted or disabled meanwhile. */
  stopped?: "gone" | "dropped";
}

/**
 * Exponential backoff from 5 s, at most an hour apart, with full jitter (a random wait up to it,
 * so deliveries that failed together do not retry together), or the endpoint's Retry-After when
 * longer.
 */
export function retryDelayMs(attempt: number, retryAfterMs?: number, random: () => number = Math.random): number {
  const backoff = Math.floor(random() * Math.min(FIRST_RETRY_MS * 2 ** attempt, LONGEST_WAIT_MS));
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, LONGEST_RETRY_AFTER_MS));
}

/**
 * The `webhook` task: delivers the events a dispatch gave it to one webhook, at least once, a few
 * requests at a time (so a burst of changes costs a few database round trips, not a few per event).
 * Network failures, 408, 429 and 5xx are tried again with backoff for about a day, only for the
 * events they answered; other 3xx/4xx end that event; 410 disables the webhook. It sleeps between
 * rounds, holding no slot; each round is a step of its own.
 */
export const deliverWebhookTask: TaskDefinition = {
  type: "webhook",

  // Step ids differ from those of the one-event deliveries before them, so Inngest replays no
  // result of theirs into a run that resumes after the upgrade.
  async run(taskId, step, deps) {
    const delivery = await step.run("load-events", () => loadDelivery(deps, taskId));
    let pending = delivery.eventIds;
    const done = { delivered: 0, refused: 0 };
    for (let attempt = 0; ; attempt++) {
      const round = await step.run(`send-${attempt}`, () => attemptDeliveries(deps, taskId, delivery.webhookId, pending));
      done.delivered += round.delivered;
      done.refused += round.refused;
      if (round.stopped || round.retry.length === 0) {
        await step.run("record-delivery", () => recordDelivery(deps, taskId, done, round.stopped));
        return;
      }
      pending = round.retry;
      const wait = retryDelayMs(attempt, round.retryAfterMs);
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

/**
 * One round; the events still to send are then written back to the task, so a run that starts it
 * again (after a restart, or on another node) sends only those.
 */
async function attemptDeliveries(deps: TaskDeps, taskId: string, webhookId: string, eventIds: string[]): Promise<Round> {
  // Events older than the history kept are gone: nothing to deliver of them.
  const events = await findWebhookEvents(deps.db, eventIds);
  const attempts = await deliverEvents(deps, webhookId, events);
  if (attempts.length === 0 && events.length > 0) return { retry: [], delivered: 0, refused: 0, stopped: "dropped" };
  const round: Round = { retry: [], delivered: 0, refused: 0 };
  for (const { eventId, outcome } of attempts) {
    if (outcome.kind === "gone") round.stopped = "gone";
    else if (outcome.kind === "delivered") round.delivered++;
    else if (outcome.kind === "refused") round.refused++;
    else {
      round.retry.push(eventId);
      round.retryAfterMs = Math.max(round.retryAfterMs ?? 0, outcome.retryAfterMs ?? 0) || undefined;
    }
  }
  if (!round.stopped && round.retry.length > 0 && round.retry.length < eventIds.length) {
    await updateTask(deps.db, taskId, { params: { webhook: { webhookId, eventIds: round.retry } } }, writerOf(deps));
  }
  return round;
}

async function recordDelivery(deps: TaskDeps, taskId: string, done: { delivered: number; refused: number }, stopped: Round["stopped"]) {
  if (stopped === "gone") return finishTask(deps, taskId, { phase: "failed", errorMessage: "the endpoint answered 410: the webhook was disabled" });
  if (done.delivered === 0 && done.refused > 0) return finishTask(deps, taskId, { phase: "failed", errorMessage: "the endpoint refused the events" });
  return finishTask(deps, taskId, { phase: "completed", output: { webhook: { ...done, ...(stopped && { outcome: stopped }) } } });
}
