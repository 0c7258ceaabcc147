import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { readyAsset, settledTask, startExport } from "../helpers/export-api";
import { startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("custom URL export on %s", (kind) => {
  let receiver: ReceiverDouble;
  let pinning: PinningDouble;
  let t: TestApp;
  let token: string;
  let assetId: string;
  const file = fixture("h264-aac.mp4");

  beforeAll(async () => {
    receiver = await startReceiverDouble();
    pinning = await startPinningDouble();
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, PINNING_API_URL: pinning.url });
    ({ token } = await t.createUser());
    assetId = (await readyAsset(t, token)).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await pinning.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer(200);
  });

  it("PUTs the exact bytes with the caller's headers, Content-Type and Content-Length", async () => {
    const created = await startExport(token, assetId, {
      custom: { url: `${receiver.url}/bucket/video.mp4?sig=abc`, headers: { "x-amz-acl": "public-read", Authorization: "Bearer dest-secret" } },
    });
    expect(created.params).toEqual({
      export: {
        custom: {
          url: `${receiver.url}/bucket/video.mp4?sig=abc`,
          method: "PUT",
          headers: { "x-amz-acl": "(redacted)", Authorization: "(redacted)" },
        },
      },
    });
    const task = await settledTask(t, token, created.id);
    expect(task.status).toMatchObject({ phase: "completed", progress: 1 });
    expect(task.output).toEqual({ export: { custom: { url: `${receiver.url}/bucket/video.mp4?sig=abc`, method: "PUT", status: 200 } } });
    expect(JSON.stringify(task)).not.toContain("dest-secret");

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got).toMatchObject({ method: "PUT", path: "/bucket/video.mp4?sig=abc", size: file.length, complete: true });
    expect(got.bytes!.equals(file)).toBe(true);
    expect(got.sha256).toBe(createHash("sha256").update(file).digest("hex"));
    expect(got.headers).toMatchObject({
      "x-amz-acl": "public-read",
      authorization: "Bearer dest-secret",
      "content-type": "video/mp4",
      "content-length": String(file.length),
    });
    expect(got.headers["transfer-encoding"]).toBeUndefined();
  });

  it.each(["POST", "PATCH"])("uses %s when asked", async (method) => {
    const task = await settledTask(t, token, (await startExport(token, assetId, { custom: { url: `${receiver.url}/up`, method } })).id);
    expect(task.status.phase).toBe("completed");
    expect(receiver.received.map((r) => r.method)).toEqual([method]);
  });

  it("lets the caller choose the Content-Type", async () => {
    await settledTask(t, token, (await startExport(token, assetId, { custom: { url: `${receiver.url}/up`, headers: { "Content-Type": "application/octet-stream" } } })).id);
    expect(receiver.received[0].headers["content-type"]).toBe("application/octet-stream");
  });

  it("exports to IPFS and the custom URL in one task", async () => {
    const { jwt } = pinning.credentials;
    const task = await settledTask(t, token, (await startExport(token, assetId, { ipfs: { pinning: { jwt } }, custom: { url: `${receiver.url}/both` } })).id);
    expect(task.status.phase).toBe("completed");
    const output = task.output as { export: { ipfs: { videoFileCid: string }; custom: { status: number } } };
    expect(output.export.ipfs.videoFileCid).toMatch(/^baf/);
    expect(output.export.custom.status).toBe(200);
    expect(receiver.received[0].bytes!.equals(file)).toBe(true);
  });

  it("does not follow redirects", async () => {
    receiver.answer(302, "", { location: "http://169.254.169.254/latest/meta-data" });
    const task = await settledTask(t, token, (await startExport(token, assetId, { custom: { url: `${receiver.url}/moved` } })).id);
    expect(task.status).toMatchObject({ phase: "failed", retries: 0 });
    expect(task.status.errorMessage).toBe("the custom URL answered 302 (redirects are not followed)");
    expect(receiver.received).toHaveLength(1);
  });
});
