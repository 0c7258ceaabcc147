import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as assetById from "@/app/api/asset/[id]/route";
import { findTask, insertTask, raiseTaskProgress } from "@/lib/db/tasks";
import { webhookEvents } from "@/lib/db/schema";
import { fixture, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { readyAsset, settledTask, startExport } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";
import { createWebhook, verifiedEvent, type WebhookEventBody } from "../helpers/webhooks";
import { eventually } from "../helpers/eventually";

describe.each(testDatabaseKinds)("webhook events on %s", (kind) => {
  let receiver: ReceiverDouble;
  /** The other user's webhook, and a second webhook of this user that wants asset.ready only. */
  let otherUsers: ReceiverDouble;
  let readyOnly: ReceiverDouble;
  let readyOnlySecret: string;
  let t: TestApp;
  let token: string;
  let userId: string;
  let secret: string;

  const events = () => receiver.received.filter((r) => r.complete && r.path === "/hooks").map((r) => verifiedEvent(r, secret));
  const eventsOf = (subjectId: string) =>
    events().filter((e) => e.payload.asset?.id === subjectId || e.payload.task?.id === subjectId || e.payload.task?.snapshot.inputAssetId === subjectId);

  beforeAll(async () => {
    [receiver, otherUsers, readyOnly] = await Promise.all([startReceiverDouble(), startReceiverDouble(), startReceiverDouble()]);
    const allowed = [receiver, otherUsers, readyOnly].map((r) => `127.0.0.1:${r.port}`).join(",");
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: allowed });
    ({ token, userId } = await t.createUser());
    secret = (await createWebhook(token, { name: "all events", url: `${receiver.url}/hooks` })).sharedSecret;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([receiver, otherUsers, readyOnly].map((r) => r.close()));
  });
  beforeEach(() => receiver.answer(200));

  it("an upload yields asset.created, task.spawned, task.completed and asset.ready, each signed both ways", async () => {
    const asset = await readyAsset(t, token, "h264-aac.mp4", "Signed");
    const seen = await eventually(() => {
      const types = eventsOf(asset.id).map((e) => e.event);
      return types.includes("asset.ready") && types.includes("task.completed") ? types : undefined;
    }, 10_000, "asset.ready");
    expect(seen).toEqual(expect.arrayContaining(["asset.created", "task.spawned", "task.completed", "asset.ready"]));

    const ready = eventsOf(asset.id).find((e) => e.event === "asset.ready")!;
    expect(ready.payload.asset!.snapshot).toMatchObject({ id: asset.id, name: "Signed", status: "ready" });
    const completed = eventsOf(asset.id).find((e) => e.event === "task.completed")!;
    expect(completed.payload).toMatchObject({ task: { type: "upload" }, success: true });
    for (const event of eventsOf(asset.id)) {
      expect(event).toMatchObject({ webhookId: expect.any(String), createdAt: expect.any(Number), timestamp: expect.any(Number) });
      expect(event.timestamp).toBeGreaterThanOrEqual(event.createdAt);
    }
  });

  it("a bad file yields asset.failed with the reason", async () => {
    const { url, asset } = await requestUpload(token, "Sound only");
    expect((await putUpload(url, fixture("aac-only.mp4"), { "content-type": "video/mp4" })).status).toBe(200);
    await t.app.runner.idle();
    const failed = await eventually(() => eventsOf(asset.id).find((e) => e.event === "asset.failed"), 10_000, "asset.failed");
    expect(failed.payload.asset!.snapshot).toMatchObject({ status: "failed", errorMessage: expect.stringMatching(/no video track/) });
  });

  it("an export yields task.completed with its output", async () => {
    const asset = await readyAsset(t, token, "h264-aac.mp4", "Exported");
    const task = await startExport(token, asset.id, { custom: { url: `${receiver.url}/destination/video.mp4` } });
    await settledTask(t, token, task.id);
    const completed = await eventually(() => eventsOf(task.id).find((e) => e.event === "task.completed"), 10_000, "task.completed");
    expect(completed.payload).toMatchObject({
      task: { id: task.id, type: "export", snapshot: { status: { phase: "completed" }, output: { export: { custom: { status: 200 } } } } },
      success: true,
    });
    expect(eventsOf(task.id).map((e) => e.event)).toEqual(expect.arrayContaining(["task.spawned", "task.updated"]));
  });

  it("progress makes at most one task.updated per 5 s per task", async () => {
    const now = t.app.now();
    // Held by a lease of nobody's, so the runner leaves it alone while the test moves its progress.
    const lease = { leaseOwner: "elsewhere", leaseExpiresAt: now + 3_600_000 };
    const task = await insertTask(t.app.db, { userId, type: "export", params: {}, phase: "running", ...lease, statusUpdatedAt: now, createdAt: now, updatedAt: now });
    for (let step = 1; step <= 20; step++) await raiseTaskProgress(t.app.db, task.id, step / 25, t.app.now(), {});
    expect((await findTask(t.app.db, task.id))?.progress).toBeCloseTo(0.8);
    const recorded = await t.app.db.select().from(webhookEvents);
    const updates = recorded.filter((e) => e.type === "task.updated" && (e.subject.task as { id: string }).id === task.id);
    expect(updates).toHaveLength(1);
  });

  it("a deletion yields asset.deleted", async () => {
    const asset = await readyAsset(t, token, "h264-aac.mp4", "Deleted");
    const deleted = await callRoute(assetById.DELETE, `/api/asset/${asset.id}`, { method: "DELETE", token, params: { id: asset.id } });
    expect(deleted.status).toBeLessThan(300);
    const event = await eventually(() => eventsOf(asset.id).find((e) => e.event === "asset.deleted"), 10_000, "asset.deleted");
    expect(event.payload.asset!.snapshot).toMatchObject({ id: asset.id, name: "Deleted" });
  });

  it("an event reaches only the webhooks that asked for it, and none of another user's", async () => {
    const { token: otherToken } = await t.createUser();
    await createWebhook(otherToken, { name: "other user", url: otherUsers.url });
    readyOnlySecret = (await createWebhook(token, { name: "ready only", url: readyOnly.url, events: ["asset.ready"] })).sharedSecret;
    const asset = await readyAsset(t, token, "h264-aac.mp4", "Filtered");
    await eventually(() => eventsOf(asset.id).find((e) => e.event === "asset.ready"), 10_000, "asset.ready on the first webhook");
    await eventually(() => (readyOnly.received.length ? true : undefined), 10_000, "asset.ready on the second");
    await t.app.runner.idle();
    expect(readyOnly.received.map((r) => verifiedEvent(r, readyOnlySecret).event)).toEqual(["asset.ready"]);
    expect(otherUsers.received).toHaveLength(0);
  });

  it("every event's webhook-id is its id, so a receiver can drop a duplicate", () => {
    const all: WebhookEventBody[] = events();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });
});
