import { assetSnapshot } from "@/lib/assets/serialize-asset";
import { assetRowFromJson, taskRowFromJson } from "@/lib/db/row-json";
import type { WebhookEventRow } from "@/lib/db/schema";
import { serializeTask } from "@/lib/tasks/serialize-task";
import type { WebhookEvent, WebhookEventPayload } from "./schemas";

/**
 * An event's payload in Livepeer's shape, from the row the change left (recorded by the
 * database's trigger): `{asset: {id, snapshot}}` or `{task: {id, type, snapshot}, success?}`,
 * with the public API's shapes, so no secret and no signed URL. The test event's subject is
 * its payload as it is.
 */
function payloadOf(event: WebhookEventRow): WebhookEventPayload {
  const { asset, task } = event.subject as { asset?: Record<string, unknown>; task?: Record<string, unknown> };
  if (asset) {
    const snapshot = assetSnapshot(assetRowFromJson(asset));
    return { asset: { id: snapshot.id, snapshot } };
  }
  if (task) {
    const snapshot = serializeTask(taskRowFromJson(task));
    const success = event.type === "task.completed" ? true : event.type === "task.failed" ? false : undefined;
    return { task: { id: snapshot.id, type: snapshot.type, snapshot }, ...(success !== undefined && { success }) };
  }
  return event.subject as WebhookEventPayload;
}

/** The JSON body of one delivery: the event, for one webhook, sent at `sentAt`. */
export function eventBody(event: WebhookEventRow, webhookId: string, sentAt: number): string {
  const body: WebhookEvent = {
    id: event.id,
    webhookId,
    createdAt: event.createdAt,
    timestamp: sentAt,
    event: event.type as WebhookEvent["event"],
    payload: payloadOf(event),
  };
  return JSON.stringify(body);
}
