import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as uploadComplete from "@/app/api/asset/[id]/upload-complete/route";
import * as storageWebhook from "@/app/api/webhooks/storage/route";
import { createRunner } from "@/lib/tasks/create-runner";
import { fixture, getAsset, getTask, pollAsset, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { TEST_WEBHOOK_SECRET, testStorageKinds } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const EXPIRED = "upload URL expired before a file was received";

const reportComplete = (token: string, id: string) =>
  callRoute(uploadComplete.POST, `/api/asset/${id}/upload-complete`, { method: "POST", token, params: { id } });

const notify = (body: unknown, auth: { header?: string; query?: string } = { header: `Bearer ${TEST_WEBHOOK_SECRET}` }) =>
  callRoute(storageWebhook.POST, `/api/webhooks/storage${auth.query ? `?secret=${encodeURIComponent(auth.query)}` : ""}`, {
    json: body,
    headers: auth.header ? { authorization: auth.header } : {},
  });

/** An S3 event notification as AWS and MinIO send it (MinIO adds EventName/Key and prefixes `s3:`). */
function createdEvent(bucket: string, key: string, flavour: "aws" | "minio" = "aws") {
  const record = {
    eventVersion: "2.0",
    eventSource: flavour === "aws" ? "aws:s3" : "minio:s3",
    eventName: flavour === "aws" ? "ObjectCreated:Put" : "s3:ObjectCreated:Put",
    s3: { bucket: { name: bucket }, object: { key: encodeURIComponent(key), size: 1 } },
  };
  return flavour === "aws" ? { Records: [record] } : { EventName: record.eventName, Key: `${bucket}/${key}`, Records: [record] };
}

async function putToBucket(url: string, bytes: Buffer) {
  const response = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
  expect(response.status).toBe(200);
}

describe.each(testDatabaseKinds)("S3 completion signals on %s", (kind) => {
  let t: TestApp;
  let token: string;
  let bucket: NonNullable<TestApp["bucket"]>;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, "s3");
    bucket = t.bucket!;
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  it("upload-complete: 409 before the PUT, then processing starts at once; repeating is harmless", async () => {
    const { url, asset, task } = await requestUpload(token, "dashboard");
    const early = await reportComplete(token, asset.id);
    expect(early.status).toBe(409);
    expect((await early.json()).errors[0]).toMatch(/no file has been uploaded/);

    await putToBucket(url, fixture("h264-aac.mp4"));
    const reported = await reportComplete(token, asset.id);
    expect(reported.status).toBe(200);
    expect((await reported.json()).status).toMatch(/processing|ready/);
    await t.app.runner.idle();
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");

    const again = await reportComplete(token, asset.id);
    expect(again.status).toBe(200);
    expect((await again.json()).status).toBe("ready");
    await t.app.runner.idle();
    const done = await (await getTask(token, task.id)).json();
    expect(done.status).toMatchObject({ phase: "completed", retries: 0 });
  });

  it("upload-complete needs a token and hides other users' assets", async () => {
    const { asset } = await requestUpload(token, "private");
    const other = await t.createUser();
    expect((await reportComplete(other.token, asset.id)).status).toBe(404);
    const anonymous = await callRoute(uploadComplete.POST, `/api/asset/${asset.id}/upload-complete`, { method: "POST", params: { id: asset.id } });
    expect(anonymous.status).toBe(401);
  });

  it("a storage event (S3 or MinIO format, header or query secret) starts processing; duplicates are harmless", async () => {
    for (const [flavour, auth] of [
      ["aws", { query: TEST_WEBHOOK_SECRET }],
      ["minio", { header: `Bearer ${TEST_WEBHOOK_SECRET}` }],
    ] as const) {
      const { url, asset, task } = await requestUpload(token, `${flavour} event`);
      await putToBucket(url, fixture("h264-aac.mp4"));
      const event = createdEvent(bucket.bucket, `uploads/${asset.id}`, flavour);
      const responses = await Promise.all([notify(event, auth), notify(event, auth), reportComplete(token, asset.id)]);
      for (const response of responses) expect(response.status).toBe(200);
      expect(await responses[0].json()).toEqual({ handled: 1, ignored: 0 });
      await t.app.runner.idle();
      expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");
      expect((await (await getTask(token, task.id)).json()).status).toMatchObject({ phase: "completed", retries: 0 });
    }
  });

  it("accepts an S3 event wrapped in an SNS notification", async () => {
    const { url, asset } = await requestUpload(token, "sns");
    await putToBucket(url, fixture("h264-aac.mp4"));
    const sns = { Type: "Notification", Message: JSON.stringify(createdEvent(bucket.bucket, `uploads/${asset.id}`)) };
    const response = await notify(sns);
    expect(await response.json()).toEqual({ handled: 1, ignored: 0 });
    await t.app.runner.idle();
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");
  });

  it("answers 401 to a missing or wrong secret", async () => {
    const event = createdEvent(bucket.bucket, "uploads/whatever");
    for (const auth of [{}, { header: "Bearer wrong-secret-of-some-length" }, { query: "wrong" }, { header: TEST_WEBHOOK_SECRET + "x" }]) {
      const response = await notify(event, auth);
      expect(response.status).toBe(401);
      expect(Object.keys(await response.json())).toEqual(["errors"]);
    }
  });

  it("ignores with 200 events for unknown keys, other buckets and other event types", async () => {
    const { asset } = await requestUpload(token, "untouched");
    const events = [
      createdEvent(bucket.bucket, "somewhere/else.mp4"),
      createdEvent(bucket.bucket, "uploads/00000000-0000-4000-8000-000000000000"),
      createdEvent("another-bucket", `uploads/${asset.id}`),
      { Records: [{ eventName: "ObjectRemoved:Delete", s3: { bucket: { name: bucket.bucket }, object: { key: `uploads/${asset.id}` } } }] },
      { Service: "Amazon S3", Event: "s3:TestEvent" },
    ];
    for (const event of events) expect((await notify(event)).status).toBe(200);
    expect(await (await notify(events[0])).json()).toEqual({ handled: 0, ignored: 1 });
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("waiting");
  });

  it("answers 400 to a body that is not JSON", async () => {
    expect((await notify("{nope")).status).toBe(400);
  });
});

describe.each(testStorageKinds)("upload URL expiry on the %s store", (storage) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp("pglite", { UPLOAD_URL_TTL: "1" }, storage);
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  it("an asset whose URL expired with nothing uploaded ends failed, and its task too", async () => {
    const { asset, task } = await requestUpload(token, "never uploaded");
    const current = await pollAsset(token, asset.id, (a) => a.status !== "waiting", 10_000);
    expect(current).toMatchObject({ status: "failed", errorMessage: EXPIRED });
    expect((await (await getTask(token, task.id)).json()).status).toMatchObject({ phase: "failed", errorMessage: EXPIRED });
  });
});

describe("a watcher left by a stopped process", () => {
  it("is resumed on the next start", async () => {
    const t = await startTestApp("pglite", { UPLOAD_URL_TTL: "1" });
    const { token } = await t.createUser();
    const { asset } = await requestUpload(token, "interrupted");
    await t.app.runner.close();
    const restarted = await createRunner(t.app, { nodeId: "restarted", singleProcess: true, retryPolicy: { maxRetries: 0, baseDelayMs: 1 } });
    try {
      // The new process's periodic sweep takes the watcher up when its next check is due.
      const current = await pollAsset(token, asset.id, (a) => (void restarted.sweep?.(), a.status !== "waiting"), 10_000);
      expect(current).toMatchObject({ status: "failed", errorMessage: EXPIRED });
    } finally {
      await restarted.close();
      await t.close();
    }
  }, 60_000);
});

describe("the watcher in the inline runner", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp("pglite", { TASK_CONCURRENCY: "1" });
  });
  afterAll(() => t.close());

  it("does not hold a task slot while it sleeps", async () => {
    const { token } = await t.createUser();
    const waiting = await Promise.all([1, 2, 3].map((n) => requestUpload(token, `waiting ${n}`)));
    const { url, asset } = await requestUpload(token, "uploaded");
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    await t.app.runner.idle();
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");
    for (const { asset: other } of waiting) {
      expect((await (await getAsset(token, other.id)).json()).status).toBe("waiting");
    }
  });
});
