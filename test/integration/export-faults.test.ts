import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { readyAsset, settledTask, startExport } from "../helpers/export-api";
import { cidOf, startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("export faults on %s", (kind) => {
  let pinning: PinningDouble;
  let receiver: ReceiverDouble;
  let t: TestApp;
  let token: string;
  let assetId: string;
  /** A port nothing listens on. */
  let closedPort: number;

  beforeAll(async () => {
    pinning = await startPinningDouble();
    receiver = await startReceiverDouble();
    const gone = await startReceiverDouble();
    closedPort = gone.port;
    await gone.close();
    t = await startTestApp(kind, {
      PINNING_API_URL: pinning.url,
      PINATA_JWT: pinning.credentials.jwt,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port},127.0.0.1:${closedPort}`,
    });
    ({ token } = await t.createUser());
    assetId = (await readyAsset(t, token)).id;
  });
  afterAll(async () => {
    await t.close();
    await pinning.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer(200);
  });

  const exportTo = async (body: unknown) => settledTask(t, token, (await startExport(token, assetId, body)).id);

  it("completes after the pinning service answered 500 twice, counting the retries", async () => {
    pinning.failNext(2, 500);
    const before = pinning.requests;
    const task = await exportTo({ ipfs: {} });
    expect(task.status).toMatchObject({ phase: "completed", progress: 1, retries: 2 });
    expect(task.status.retriedAt).toBeGreaterThanOrEqual(task.createdAt);
    expect(pinning.requests - before).toBe(4);
  });

  it("fails at once, without retrying, when the pinning service refuses the credentials", async () => {
    const before = pinning.requests;
    const task = await exportTo({ ipfs: { pinning: { jwt: "wrong-jwt" } } });
    expect(task.status).toMatchObject({ phase: "failed", retries: 0 });
    expect(task.status.errorMessage).toBe(
      'the pinning service refused the credentials (401): {"error":{"reason":"INVALID_CREDENTIALS","details":"Invalid/expired credentials"}}',
    );
    expect(pinning.requests - before).toBe(1);
  });

  it("retries and completes when the connection drops mid-upload", async () => {
    pinning.dropNext(1, 8 * 1024);
    const task = await exportTo({ ipfs: {} });
    expect(task.status).toMatchObject({ phase: "completed", retries: 1 });
    const out = (task.output as { export: { ipfs: { videoFileCid: string } } }).export.ipfs;
    expect(out.videoFileCid).toBe(await cidOf(fixture("h264-aac.mp4")));
  });

  it("fails with the status and the start of the body when the receiver answers 404", async () => {
    const body = `NoSuchBucket: the bucket does not exist${"!".repeat(300)}`;
    receiver.answer(404, body);
    const task = await exportTo({ custom: { url: `${receiver.url}/missing` } });
    expect(task.status).toMatchObject({ phase: "failed", retries: 0 });
    expect(task.status.errorMessage).toBe(`the custom URL answered 404: ${body.slice(0, 200)}`);
    expect(task.status.progress).toBeLessThan(1);
  });

  it.each([408, 429, 503])("retries a receiver answering %i", async (status) => {
    receiver.failNext(1, status);
    const task = await exportTo({ custom: { url: `${receiver.url}/flaky` } });
    expect(task.status).toMatchObject({ phase: "completed", retries: 1 });
    expect(receiver.received.map((r) => r.complete)).toEqual([true, true]);
  });

  it("gives up after 4 retries with a clear message", async () => {
    receiver.answer(500, "upstream broken");
    const task = await exportTo({ custom: { url: `${receiver.url}/down` } });
    expect(task.status).toMatchObject({ phase: "failed", retries: 4, errorMessage: "the custom URL answered 500: upstream broken" });
    expect(receiver.received).toHaveLength(5);
  });

  it("retries when the receiver cannot be reached", async () => {
    const task = await exportTo({ custom: { url: `http://127.0.0.1:${closedPort}/x` } });
    expect(task.status).toMatchObject({ phase: "failed", retries: 4 });
    expect(task.status.errorMessage).toMatch(/^could not reach the custom URL: ECONNREFUSED/);
  });
});
