import type { WebhookLogRow, WebhookRow } from "@/lib/db/schema";
import type { Webhook, WebhookLog } from "./schemas";

/** A webhook as its owner sees it: never its shared secret. */
export function serializeWebhook(row: WebhookRow): Webhook {
  const webhook: Webhook = {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt,
    userId: row.userId,
    status: {},
  };
  if (row.lastTriggeredAt !== null) webhook.status.lastTriggeredAt = row.lastTriggeredAt;
  if (row.lastFailure) webhook.status.lastFailure = row.lastFailure;
  if (row.disabled) webhook.disabled = true;
  return webhook;
}

export function serializeWebhookLog(row: WebhookLogRow): WebhookLog {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    createdAt: row.createdAt,
    duration: row.duration,
    success: row.success,
    request: row.request,
    response: row.response,
  };
}
