import { insertTask } from "@/lib/db/tasks";
import { InngestTestEngine } from "@inngest/test";
import { StepError } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/api/task/[id]/cancel/route";
import { deliverWebhook } from "@/inngest/functions/deliver-webhook";
import { exportAsset } from "@/inngest/functions/export-asset";
import { processUpload } from "@/inngest/functions/process-upload";
import { runTaskDefinition } from "@/inngest/run-task";
import type { InngestStep } from "@/inngest/step-tools";
import { exportTask } from "@/lib/export/export-task";
import { findTask } from "@/lib/db/tasks";
import { fixture, getAsset, getTask, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { requestExport, startExport } from "../helpers/export-api";
import { lastEvent, startInngestDouble, type EnginePayload, type InngestDouble, type SentEvent } from "../helpers/inngest-double";
import { startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { createWebhook, verifiedEvent } from "../helpers/webhooks";
import { eventually } from "../helpers/eventually";

/**
 * Inngest mode: queueing sends an event; the Inngest functions (run here by @inngest/test, as the
 * Inngest server would call them) execute the same task bodies as the inline runner. One database
 * is enough: the database paths are the inline runner's, tested on both elsewhere.
 */
describe("tasks on Inngest", () => {
  let inngestServer: InngestDouble;
  let pinning: PinningDouble;
  let receiver: ReceiverDouble;
  let t: TestApp;
  let token: string;
  let userId: string;
  let assetId: string;

  const stepIds = (ctx: InngestTestEngine.MockContext) => ctx.step.run.mock.calls.map((call) => call[0]);

  beforeAll(async () => {
    inngestServer = await startInngestDouble();
    pinning = await startPinningDouble();
    receiver = await startReceiverDouble();
    t = await startTestApp("pglite", {
      INNGEST_DEV: "1",
      INNGEST_BASE_URL: inngestServer.url,
      PINNING_API_URL: pinning.url,
      PINATA_JWT: pinning.credentials.jwt,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
    });
    ({ token, userId } = await t.createUser());
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([inngestServer.close(), pinning.close(), receiver.close()]);
  });

  it("runs on the Inngest runner, and the upload function makes an uploaded asset ready", async () => {
    expect(t.app.runner.kind).toBe("inngest");
    const { url, asset, task } = await requestUpload(token, "On Inngest");
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    const event = lastEvent(inngestServer, "video-assets/upload.queued");
    expect(event.data).toEqual({ taskId: task.id, userId });

    const { error } = await new InngestTestEngine({ function: processUpload, events: [event] }).execute();
    expect(error).toBeUndefined();
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");
    assetId = asset.id;
  });

  it("queues an export by sending an event that carries only the task id and its owner", async () => {
    const task = await startExport(token, assetId, { ipfs: {} });
    const sent: SentEvent = lastEvent(inngestServer, "video-assets/export.queued") as SentEvent;
    expect(sent.data).toEqual({ taskId: task.id, userId });
    expect(JSON.stringify(inngestServer.events)).not.toContain(pinning.credentials.jwt);
  });

  it("runs the named steps in order and records the output", async () => {
    const created = await startExport(token, assetId, {
      ipfs: { pinning: { jwt: pinning.credentials.jwt } },
      custom: { url: `${receiver.url}/inngest`, headers: { "x-secret": "s3cr3t" } },
    });
    const { ctx, error } = await new InngestTestEngine({ function: exportAsset, events: [lastEvent(inngestServer, "video-assets/export.queued")] }).execute();
    expect(error).toBeUndefined();
    expect(stepIds(ctx)).toEqual(["start", "load-export", "pin-video", "pin-metadata", "custom-upload", "record-output"]);
    const task = await (await getTask(token, created.id)).json();
    expect(task.status).toMatchObject({ phase: "completed", progress: 1, retries: 0 });
    expect(task.output.export.ipfs.videoFileCid).toBe(pinning.pins.at(-2)!.cid);
    expect(task.output.export.custom).toEqual({ url: `${receiver.url}/inngest`, method: "PUT", status: 200 });
    expect(receiver.received.at(-1)!.headers["x-secret"]).toBe("s3cr3t");
  });

  it("hands a failing step back to Inngest to retry, counting the retry, and completes on the next attempt", async () => {
    const created = await startExport(token, assetId, { ipfs: {} });
    const event = lastEvent(inngestServer, "video-assets/export.queued");
    pinning.failNext(1, 503, "busy");

    const attempt = await new InngestTestEngine({ function: exportAsset, events: [event] }).executeStep("pin-video");
    expect(attempt.step.op).toBe("StepError");
    expect((attempt.error as Error).message).toBe("the pinning service answered 503: busy");
    expect(await findTask(t.app.db, created.id)).toMatchObject({ phase: "running", retries: 1 });

    const { error } = await new InngestTestEngine({ function: exportAsset, events: [event] }).execute();
    expect(error).toBeUndefined();
    expect(await findTask(t.app.db, created.id)).toMatchObject({ phase: "completed", retries: 1 });
  });

  it("fails a step at once on a non-retriable error, and records the failure when Inngest gives up", async () => {
    const created = await startExport(token, assetId, { ipfs: { pinning: { jwt: "revoked" } } });
    const event = lastEvent(inngestServer, "video-assets/export.queued");

    const attempt = await new InngestTestEngine({ function: exportAsset, events: [event] }).executeStep("pin-video");
    expect(attempt.step.op).toBe("StepFailed");
    // StepFailed: Inngest will not retry it. The error arrives serialized, as Inngest stores it.
    expect(attempt.error).toMatchObject({ name: "TaskError", message: expect.stringMatching(/^the pinning service refused/) });

    // Inngest then runs the function once more, and the step rejects with the StepError built from
    // the error it stored. @inngest/test cannot mock a failed step with this SDK version (it
    // resolves mocked errors as data), so this plays Inngest's part with the SDK's own classes.
    const stored = new StepError("pin-video", attempt.error);
    const ran: string[] = [];
    const step = {
      run: async (id: string, fn: () => Promise<unknown>) => (ran.push(id), id === "pin-video" ? Promise.reject(stored) : fn()),
      sleep: async () => {},
    } as unknown as InngestStep;
    await runTaskDefinition(exportTask)({ event: { data: { taskId: created.id, userId } }, step, attempt: 4, maxAttempts: 5 });
    expect(ran).toEqual(["start", "load-export", "pin-video", "record-failure"]);
    const task = await findTask(t.app.db, created.id);
    expect(task).toMatchObject({ phase: "failed", retries: 0, sealedSecrets: null });
    expect(task?.errorMessage).toMatch(/^the pinning service refused the credentials \(401\): /);
  });

  it("keeps a finished task as it is when a duplicate run of it ends differently", async () => {
    const created = await startExport(token, assetId, { custom: { url: `${receiver.url}/duplicate` } });
    const event = lastEvent(inngestServer, "video-assets/export.queued");
    expect((await new InngestTestEngine({ function: exportAsset, events: [event] }).execute()).error).toBeUndefined();
    const completed = await findTask(t.app.db, created.id);
    expect(completed).toMatchObject({ phase: "completed" });

    // A second run that started before the first finished (its "start" step already passed)
    // meets a destination that now refuses: its failure must not replace the first outcome.
    receiver.failNext(1, 409, "already there");
    const duplicate = new InngestTestEngine({ function: exportAsset, events: [event], steps: [{ id: "start", handler: () => true }] });
    await duplicate.execute();
    expect(await findTask(t.app.db, created.id)).toMatchObject({ phase: "completed", output: completed!.output, errorMessage: null });
  });

  it("ends a cancelled export's run at its next step, without retries and without writing to the task", async () => {
    const created = await startExport(token, assetId, { custom: { url: `${receiver.url}/cancelled-on-inngest` } });
    const event = lastEvent(inngestServer, "video-assets/export.queued");
    // The run has started (its "start" step is done) when the cancel arrives.
    expect(await new InngestTestEngine({ function: exportAsset, events: [event] }).executeStep("start")).toMatchObject({ result: true });
    const cancelled = await callRoute(cancelRoute.POST, `/api/task/${created.id}/cancel`, { method: "POST", token, params: { id: created.id } });
    expect(cancelled.status).toBe(200);

    const next = await new InngestTestEngine({ function: exportAsset, events: [event], steps: [{ id: "start", handler: () => true }] }).executeStep(
      "load-export",
    );
    expect(next.step.op).toBe("StepFailed");
    expect(next.error).toMatchObject({ name: "RunStopped", message: "the task was cancelled" });

    // Inngest runs the function once more, the step rejecting with the error it stored: the run ends quietly.
    const stored = new StepError("load-export", next.error);
    const ran: string[] = [];
    const step = {
      run: async (id: string, fn: () => Promise<unknown>) => (ran.push(id), id === "start" ? true : id === "load-export" ? Promise.reject(stored) : fn()),
      sleep: async () => {},
    } as unknown as InngestStep;
    await runTaskDefinition(exportTask)({ event: { data: { taskId: created.id, userId } }, step, attempt: 0, maxAttempts: 5 });
    expect(ran).toEqual(["start", "load-export"]);
    expect(await findTask(t.app.db, created.id)).toMatchObject({ phase: "cancelled", retries: 0, errorMessage: null });
    expect(receiver.received.filter((r) => r.path === "/cancelled-on-inngest")).toHaveLength(0);
  });

  it("lets concurrent export requests past MAX_ACTIVE_TASKS_PER_USER no more than the cap", async () => {
    const capped = await startTestApp("pglite", {
      INNGEST_DEV: "1",
      INNGEST_BASE_URL: inngestServer.url,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      MAX_ACTIVE_TASKS_PER_USER: "2",
    });
    try {
      const user = await capped.createUser();
      const asset = await readyOn(user.token);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => requestExport(user.token, asset, { custom: { url: `${receiver.url}/cap-${i}` } })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
    } finally {
      await capped.close();
    }
  });

  /** An asset made ready by running the upload function, as Inngest would after the PUT. */
  async function readyOn(userToken: string): Promise<string> {
    const { url, asset } = await requestUpload(userToken, "capped");
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    const { error } = await new InngestTestEngine({ function: processUpload, events: [lastEvent(inngestServer, "video-assets/upload.queued")] }).execute();
    expect(error).toBeUndefined();
    expect((await (await getAsset(userToken, asset.id)).json()).status).toBe("ready");
    return asset.id;
  }

  it("delivers a webhook event with the same task body: an attempt per step, a sleep between them", async () => {
    const webhook = await createWebhook(token, { name: "on inngest", url: `${receiver.url}/hook`, events: ["asset.created"] });
    const { asset } = await requestUpload(token, "Webhook on Inngest");
    const event = await eventually(() => inngestServer.events.find((e) => e.name === "video-assets/webhook.queued"), 10_000, "the delivery event");
    receiver.failNext(1, 502, "bad gateway");

    // The engine stops at a sleep unless the test plays Inngest waking it.
    const wake = { id: "wait-0", handler: () => undefined };
    const { ctx, error } = await new InngestTestEngine({ function: deliverWebhook, events: [event as EnginePayload], steps: [wake] }).execute();
    expect(error).toBeUndefined();
    expect(stepIds(ctx)).toEqual(["start", "load-events", "send-0", "send-1", "record-delivery"]);
    // Full jitter: the first retry waits a random time up to the 5 s backoff.
    const sleeps = ctx.step.sleep.mock.calls.map((call) => call.slice(0, 2));
    expect(sleeps.map(([id]) => id)).toEqual(["wait-0"]);
    expect(sleeps[0][1]).toBeGreaterThanOrEqual(0);
    expect(sleeps[0][1]).toBeLessThanOrEqual(5_000);
    const delivered = receiver.received.filter((r) => r.path === "/hook" && r.complete).map((r) => verifiedEvent(r, webhook.sharedSecret));
    expect(delivered.map((e) => [e.event, e.payload.asset?.id])).toEqual([
      ["asset.created", asset.id],
      ["asset.created", asset.id],
    ]);
  });

  it("sends a delivery's event again when the first was lost, under one id so Inngest drops a copy it has", async () => {
    const owner = await t.createUser();
    const webhook = await createWebhook(owner.token, { name: "lost event", url: `${receiver.url}/lost`, events: ["task.spawned"] });
    const deliveries = () => inngestServer.events.filter((e) => e.name === "video-assets/webhook.queued" && e.data.userId === owner.userId);
    inngestServer.refuseEvents(true);
    const now = t.app.now();
    const spawned = await insertTask(t.app.db, { userId: owner.userId, type: "export", params: {}, phase: "completed", statusUpdatedAt: now, createdAt: now, updatedAt: now });
    await eventually(() => inngestServer.refused.find((e) => e.data.userId === owner.userId), 10_000, "the lost delivery event");
    inngestServer.refuseEvents(false);

    await t.app.runner.sweep!();
    expect(deliveries()).toHaveLength(0);
    t.advanceClock(3 * 60_000);
    await t.app.runner.sweep!();
    const sent = deliveries();
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((e) => e.id))).toEqual(new Set([inngestServer.refused.find((e) => e.data.userId === owner.userId)!.id]));

    const { error } = await new InngestTestEngine({ function: deliverWebhook, events: [sent[0] as EnginePayload] }).execute();
    expect(error).toBeUndefined();
    const delivered = receiver.received.filter((r) => r.path === "/lost" && r.complete).map((r) => verifiedEvent(r, webhook.sharedSecret));
    expect(delivered.map((e) => [e.event, e.payload.task?.id])).toEqual([["task.spawned", spawned.id]]);
  });
});
