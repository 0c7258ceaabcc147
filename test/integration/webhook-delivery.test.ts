import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { tasks } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";
import { createWebhook, listLogs, verifiedEvent, webhookById } from "../helpers/webhooks";
import { eventually } from "../helpers/eventually";

/**
 * Delivery against endpoints that fail the ways real ones do. Retries wait for real (5 s, then
 * 10 s), so the cases run concurrently, each with its own user, webhook and receiver.
 */
describe.each(testDatabaseKinds)("webhook delivery faults on %s", (kind) => {
  const names = ["flaky", "gone", "refusing", "hanging", "isolated", "stuck", "mixed"] as const;
  const receivers = {} as Record<(typeof names)[number], ReceiverDouble>;
  let t: TestApp;

  beforeAll(async () => {
    for (const name of names) receivers[name] = await startReceiverDouble();
    t = await startTestApp(kind, {
      EXPORT_ALLOWED_HOSTS: names.map((name) => `127.0.0.1:${receivers[name].port}`).join(","),
      // Fewer slots than the stuck user's hanging deliveries: only the per-user limit (4) keeps some free.
      WEBHOOK_CONCURRENCY: "8",
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(names.map((name) => receivers[name].close()));
  });

  /** A user with one webhook on `receiver` that wants asset.created only; the event is made by a new upload. */
  async function userWithWebhook(receiver: ReceiverDouble) {
    const { token, userId } = await t.createUser();
    const webhook = await createWebhook(token, { name: "faults", url: receiver.url, events: ["asset.created"] });
    const upload = () => requestUpload(token);
    return { token, userId, webhook, upload };
  }

  const completed = (receiver: ReceiverDouble) => receiver.received.filter((r) => r.complete);

  it.concurrent("500 twice, then 200: delivered on the third attempt, and the log shows three", async () => {
    const receiver = receivers.flaky;
    const { token, webhook, upload } = await userWithWebhook(receiver);
    receiver.failNext(2, 500, "busy");
    const { asset } = await upload();
    await eventually(() => (completed(receiver).length === 3 ? true : undefined), 30_000, "the third attempt");
    const events = completed(receiver).map((r) => verifiedEvent(r, webhook.sharedSecret));
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(events[0].payload.asset?.id).toBe(asset.id);
    const logs = await eventually(async () => {
      const found = await listLogs(token, webhook.id);
      return found.length === 3 ? found : undefined;
    }, 5_000, "three log entries");
    expect(logs.map((log) => [log.success, log.response.status])).toEqual([[true, 200], [false, 500], [false, 500]]);
    expect(logs[2].response.body).toBe("busy");
    // Full jitter: each wait is random, up to a ceiling that doubles from 5 s (plus the time a round takes).
    const [first, second, third] = events.map((e) => e.timestamp);
    expect(second - first).toBeLessThan(5_000 + 2_000);
    expect(third - second).toBeLessThan(10_000 + 2_000);
  }, 60_000);

  it.concurrent("events delivered together: only the one answered 500 is sent again", async () => {
    const receiver = receivers.mixed;
    const { token, userId } = await t.createUser();
    // One upload records both events in one transaction: one dispatch gives them to one delivery.
    const webhook = await createWebhook(token, { name: "mixed", url: receiver.url, events: ["asset.created", "task.spawned"] });
    receiver.failNext(1, 500, "busy");
    await requestUpload(token);
    await eventually(() => (completed(receiver).length === 2 ? true : undefined), 10_000, "the first round");
    // While it waits, the delivery keeps only the event still to send: a restart now sends just that one.
    const [delivery] = await eventually(async () => {
      const waiting = await t.app.db.select().from(tasks).where(and(eq(tasks.userId, userId), eq(tasks.type, "webhook")));
      const params = waiting[0]?.params as { webhook: { eventIds: string[] } } | undefined;
      return params?.webhook.eventIds.length === 1 ? waiting : undefined;
    }, 5_000, "the delivery left with one event");
    await eventually(() => (completed(receiver).length === 3 ? true : undefined), 30_000, "the retry");
    const sent = completed(receiver).map((r) => verifiedEvent(r, webhook.sharedSecret));
    const [failed, delivered, retried] = sent;
    expect(retried.id).toBe(failed.id);
    expect((delivery.params as { webhook: { eventIds: string[] } }).webhook.eventIds).toEqual([failed.id]);
    expect(delivered.id).not.toBe(failed.id);
    expect(new Set(sent.map((event) => event.event))).toEqual(new Set(["asset.created", "task.spawned"]));
    expect(retried.timestamp - failed.timestamp).toBeLessThan(5_000 + 2_000);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(completed(receiver)).toHaveLength(3);
    const logs = await listLogs(token, webhook.id);
    const attempts = logs.map((log) => `${log.request.headers["webhook-id"] === failed.id ? "retried" : "other"} ${log.success}`);
    expect(attempts.sort()).toEqual(["other true", "retried false", "retried true"]);
  }, 60_000);

  it.concurrent("410 disables the webhook, and later events are not sent", async () => {
    const receiver = receivers.gone;
    const { token, webhook, upload } = await userWithWebhook(receiver);
    receiver.answer(410, "no such hook");
    await upload();
    const disabled = await eventually(async () => {
      const current = await (await callRoute(webhookById.GET, `/api/webhook/${webhook.id}`, { token, params: { id: webhook.id } })).json();
      return current.disabled ? current : undefined;
    }, 10_000, "the webhook disabled");
    expect(disabled.status.lastFailure).toMatchObject({ statusCode: 410 });
    await upload();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(completed(receiver)).toHaveLength(1);
  }, 60_000);

  it.concurrent("400 is not retried", async () => {
    const receiver = receivers.refusing;
    const { token, webhook, upload } = await userWithWebhook(receiver);
    receiver.answer(400, "bad");
    await upload();
    await eventually(() => (completed(receiver).length ? true : undefined), 10_000, "the attempt");
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(completed(receiver)).toHaveLength(1);
    const logs = await listLogs(token, webhook.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ success: false, response: { status: 400 } });
  }, 60_000);

  it.concurrent("an endpoint that hangs is cut off at 10 s and tried again", async () => {
    const receiver = receivers.hanging;
    const { token, webhook, upload } = await userWithWebhook(receiver);
    const stall = receiver.stallAfter(1);
    await upload();
    await stall.stalled;
    const [cut] = await eventually(async () => {
      const logs = await listLogs(token, webhook.id);
      return logs.length ? logs : undefined;
    }, 20_000, "the cut-off attempt");
    stall.release();
    expect(cut.success).toBe(false);
    expect(cut.duration).toBeGreaterThanOrEqual(9.5);
    expect(cut.duration).toBeLessThan(12);
    expect(cut.response.body).toMatch(/not done within 10 s/);
    const logs = await eventually(async () => {
      const found = await listLogs(token, webhook.id);
      return found.length === 2 ? found : undefined;
    }, 20_000, "the retry's log");
    expect(logs.map((log) => log.success)).toEqual([true, false]);
    expect(completed(receiver)).toHaveLength(1);
  }, 60_000);

  it.concurrent("one user's hanging endpoint does not delay another user's 100 events (p95 under 2 s)", async () => {
    const stuck = await userWithWebhook(receivers.stuck);
    // One delivery task per webhook: ten hanging deliveries from one change, however events are batched.
    for (let i = 1; i < 10; i++) await createWebhook(stuck.token, { name: `stuck ${i}`, url: receivers.stuck.url, events: ["asset.created"] });
    const stall = receivers.stuck.stallAfter(1);
    await stuck.upload();
    await stall.stalled;

    const { token, userId } = await t.createUser();
    const webhook = await createWebhook(token, { name: "isolated", url: receivers.isolated.url, events: ["task.spawned"] });
    // A busy backend's pace: 100 changes over about 2 s.
    for (let i = 0; i < 100; i++) {
      const now = t.app.now();
      await insertTask(t.app.db, { userId, type: "export", params: {}, phase: "completed", statusUpdatedAt: now, createdAt: now, updatedAt: now });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await eventually(() => (completed(receivers.isolated).length >= 100 ? true : undefined), 30_000, "100 deliveries");
    stall.release();
    const latencies = completed(receivers.isolated)
      .map((r) => r.receivedAt! - verifiedEvent(r, webhook.sharedSecret).createdAt)
      .sort((a, b) => a - b);
    expect(latencies).toHaveLength(100);
    expect(latencies[94]).toBeLessThan(2_000);
  }, 60_000);
});
