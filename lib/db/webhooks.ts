import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "./client";
import { keysetAfter, keysetOrder, newestFirst, toPage, type Page, type PageRequest } from "./pagination";
import {
  tasks,
  webhookEvents,
  webhookLogs,
  webhooks,
  type TaskRow,
  type WebhookEventRow,
  type WebhookLogRow,
  type WebhookRow,
} from "./schema";

/** The channel the database's triggers notify when they record an event (drizzle/0005). */
export const WEBHOOK_EVENTS_CHANNEL = "vas_webhook_events";

export type NewWebhook = typeof webhooks.$inferInsert;
export type WebhookPatch = Partial<Pick<WebhookRow, "name" | "url" | "events" | "sealedSecret" | "disabled" | "updatedAt">>;

export async function insertWebhook(db: Db, values: NewWebhook): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row;
}

export async function findUserWebhook(db: Db, userId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  return row;
}

export async function findWebhook(db: Db, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function listUserWebhooks(db: Db, userId: string, page: PageRequest): Promise<Page<WebhookRow>> {
  const keyset = newestFirst(webhooks);
  const rows = await db
    .select({ row: webhooks, key: webhooks.createdAt })
    .from(webhooks)
    .where(and(eq(webhooks.userId, userId), keysetAfter(keyset, page.after)))
    .orderBy(...keysetOrder(keyset))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function updateUserWebhook(db: Db, userId: string, id: string, patch: WebhookPatch): Promise<WebhookRow | undefined> {
  const [row] = await db.update(webhooks).set(patch).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).returning();
  return row;
}

export async function deleteUserWebhook(db: Db, userId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).returning();
  return row;
}

/** What an attempt tells of the webhook's endpoint: when it was last called, and its last failure. */
export async function recordWebhookResult(
  db: Db,
  id: string,
  values: { at: number; failure?: WebhookRow["lastFailure"]; disable?: boolean },
): Promise<void> {
  await db
    .update(webhooks)
    .set({
      lastTriggeredAt: values.at,
      ...(values.failure !== undefined && { lastFailure: values.failure }),
      ...(values.disable && { disabled: true, updatedAt: values.at }),
    })
    .where(eq(webhooks.id, id));
}

export type NewWebhookLog = typeof webhookLogs.$inferInsert;

/** Attempts, logged in one statement. */
export async function insertWebhookLogs(db: Db, values: NewWebhookLog[]): Promise<WebhookLogRow[]> {
  if (values.length === 0) return [];
  return db.insert(webhookLogs).values(values).returning();
}

export async function listWebhookLogs(db: Db, webhookId: string, page: PageRequest): Promise<Page<WebhookLogRow>> {
  const keyset = newestFirst(webhookLogs);
  const rows = await db
    .select({ row: webhookLogs, key: webhookLogs.createdAt })
    .from(webhookLogs)
    .where(and(eq(webhookLogs.webhookId, webhookId), keysetAfter(keyset, page.after)))
    .orderBy(...keysetOrder(keyset))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function findWebhookLog(db: Db, webhookId: string, id: string): Promise<WebhookLogRow | undefined> {
  const [row] = await db.select().from(webhookLogs).where(and(eq(webhookLogs.id, id), eq(webhookLogs.webhookId, webhookId)));
  return row;
}

export async function findWebhookEvent(db: Db, id: string): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row;
}

/** The events still kept of `ids`, oldest first. */
export async function findWebhookEvents(db: Db, ids: string[]): Promise<WebhookEventRow[]> {
  return db.select().from(webhookEvents).where(inArray(webhookEvents.id, ids)).orderBy(webhookEvents.createdAt);
}

export async function insertWebhookEvent(db: Db, values: typeof webhookEvents.$inferInsert): Promise<WebhookEventRow> {
  const [row] = await db.insert(webhookEvents).values(values).returning();
  return row;
}

/**
 * Fans events out into deliveries, once: takes up to `limit` events not dispatched yet (skipping
 * those another node is dispatching), makes one `webhook` task for each enabled webhook that wants
 * some of them, carrying those events, and marks the events dispatched, in one transaction.
 */
export async function dispatchWebhookEvents(db: Db, now: number, limit: number): Promise<{ dispatched: number; deliveries: TaskRow[] }> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(webhookEvents)
      .where(isNull(webhookEvents.dispatchedAt))
      .orderBy(webhookEvents.createdAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (events.length === 0) return { dispatched: 0, deliveries: [] };
    const owners = [...new Set(events.map((event) => event.userId))];
    const hooks = await tx
      .select()
      .from(webhooks)
      .where(and(inArray(webhooks.userId, owners), eq(webhooks.disabled, false)));
    const deliveries = hooks.flatMap((hook) => {
      const wanted = events.filter(
        (event) => hook.userId === event.userId && (hook.events.length === 0 || hook.events.includes(event.type as never)),
      );
      return wanted.length ? [deliveryTask(hook.userId, hook.id, wanted.map((event) => event.id), now)] : [];
    });
    await tx
      .update(webhookEvents)
      .set({ dispatchedAt: now })
      .where(inArray(webhookEvents.id, events.map((event) => event.id)));
    return { dispatched: events.length, deliveries: deliveries.length ? await tx.insert(tasks).values(deliveries).returning() : [] };
  });
}

/** A delivery of events to one webhook: an internal task the runners run like any other. */
function deliveryTask(userId: string, webhookId: string, eventIds: string[], now: number): typeof tasks.$inferInsert {
  return {
    userId,
    type: "webhook",
    params: { webhook: { webhookId, eventIds } },
    phase: "waiting",
    statusUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** Events dispatched, and delivery attempts made, before `before`. */
export async function deleteOldWebhookHistory(db: Db, before: number): Promise<void> {
  await db.delete(webhookEvents).where(sql`${webhookEvents.dispatchedAt} < ${before}`);
  await db.delete(webhookLogs).where(sql`${webhookLogs.createdAt} < ${before}`);
}
