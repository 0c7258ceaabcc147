import { notFound, unprocessable } from "@/lib/api/errors";
import type { PageRequest } from "@/lib/db/pagination";
import { findWebhookEvent, findWebhookLog, insertWebhookEvent, listWebhookLogs } from "@/lib/db/webhooks";
import type { WebhookEventRow } from "@/lib/db/schema";
import type { TaskDeps } from "@/lib/tasks/types";
import { deliverEvents } from "./deliver-events";
import { TEST_EVENT } from "./schemas";
import { ownWebhook } from "./manage-webhooks";
import type { WebhookLog } from "./schemas";
import { serializeWebhookLog } from "./serialize-webhook";

interface Owner {
  userId: string;
}

/** The webhook's delivery attempts, newest first. */
export async function listLogs(deps: TaskDeps, owner: Owner, webhookId: string, page: PageRequest) {
  await ownWebhook(deps, owner, webhookId);
  const { items, next } = await listWebhookLogs(deps.db, webhookId, page);
  return { items: items.map(serializeWebhookLog), next };
}

export async function getLog(deps: TaskDeps, owner: Owner, webhookId: string, logId: string): Promise<WebhookLog> {
  await ownWebhook(deps, owner, webhookId);
  const row = await findWebhookLog(deps.db, webhookId, logId);
  if (!row) throw notFound("webhook log not found");
  return serializeWebhookLog(row);
}

/** Sends the logged event again, freshly signed, now; answers with the new attempt's log. */
export async function resendLog(deps: TaskDeps, owner: Owner, webhookId: string, logId: string): Promise<WebhookLog> {
  await ownWebhook(deps, owner, webhookId);
  const logged = await findWebhookLog(deps.db, webhookId, logId);
  if (!logged) throw notFound("webhook log not found");
  const event = await findWebhookEvent(deps.db, logged.eventId);
  if (!event) throw unprocessable(["the event of this log is no longer kept (events are kept 7 days)"]);
  return attemptNow(deps, webhookId, event);
}

/** Sends a `webhook.test` event to this webhook only, now; answers with the attempt's log. */
export async function sendTestEvent(deps: TaskDeps, owner: Owner, webhookId: string): Promise<WebhookLog> {
  const webhook = await ownWebhook(deps, owner, webhookId);
  const now = deps.now();
  // Recorded as dispatched already: it is for this webhook, not for every webhook of the user.
  const event = await insertWebhookEvent(deps.db, {
    userId: owner.userId,
    type: TEST_EVENT,
    subject: { webhook: { id: webhook.id, name: webhook.name } },
    createdAt: now,
    dispatchedAt: now,
  });
  return attemptNow(deps, webhookId, event);
}

async function attemptNow(deps: TaskDeps, webhookId: string, event: WebhookEventRow): Promise<WebhookLog> {
  const [attempt] = await deliverEvents(deps, webhookId, [event]);
  if (!attempt) throw unprocessable(["the webhook is disabled: enable it first"]);
  return serializeWebhookLog(attempt.log);
}
