import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask, requestUpload } from "../helpers/api";
import { readyAsset, requestExport, retryTask, settledTask, startExport } from "../helpers/export-api";
import { captureLog } from "../helpers/capture-log";
import { startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("export API on %s", (kind) => {
  let pinning: PinningDouble;
  let receiver: ReceiverDouble;
  let t: TestApp;
  let token: string;
  let assetId: string;
  let custom: { url: string };

  beforeAll(async () => {
    pinning = await startPinningDouble();
    receiver = await startReceiverDouble();
    t = await startTestApp(kind, {
      PINNING_API_URL: pinning.url,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      MAX_ACTIVE_TASKS_PER_USER: "1",
    });
    ({ token } = await t.createUser());
    assetId = (await readyAsset(t, token)).id;
    custom = { url: `${receiver.url}/dest` };
  });
  afterAll(async () => {
    await t.close();
    await pinning.close();
    await receiver.close();
  });

  it("answers 201 with the task", async () => {
    const response = await requestExport(token, assetId, { custom });
    expect(response.status).toBe(201);
    const { task } = await response.json();
    expect(task).toMatchObject({ type: "export", inputAssetId: assetId, status: { phase: "waiting", progress: 0 } });
    await t.app.runner.idle();
  });

  it("answers 404 for an unknown asset, a malformed id, and another user's asset", async () => {
    const other = await t.createUser();
    for (const [who, id] of [[token, "00000000-0000-4000-8000-000000000000"], [token, "not-a-uuid"], [other.token, assetId]]) {
      const response = await requestExport(who, id, { custom });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ errors: ["asset not found"] });
    }
  });

  it("answers 409 for an asset that is not ready", async () => {
    const { asset } = await requestUpload(token, "not uploaded");
    const response = await requestExport(token, asset.id, { custom });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: ["the asset is waiting; only a ready asset can be exported"] });
  });

  const valid = { url: "https://example.com/dest" };
  it.each([
    [{}, "body: give ipfs, custom, or both"],
    [{ custom: valid, extra: 1 }, "extra: unknown field"],
    [{ ipfs: { pinning: { jwt: "x" }, colour: "red" } }, "ipfs.colour: unknown field"],
    [{ ipfs: { pinning: { jwt: "x", token: "y" } } }, "ipfs.pinning.token: unknown field"],
    [{ ipfs: { pinning: { apiKey: "x" } } }, "ipfs.pinning: must hold jwt, or apiKey with apiSecret"],
    [{ ipfs: { pinning: { jwt: "x", apiKey: "y", apiSecret: "z" } } }, "ipfs.pinning: must hold jwt, or apiKey with apiSecret"],
    [{ ipfs: { pinning: { jwt: "x" }, pinata: { jwt: "y" } } }, "ipfs.pinata: give pinning or pinata, not both"],
    [{ ipfs: { pinning: { jwt: "x" }, nftMetadata: "big" } }, "ipfs.nftMetadata: Invalid input: expected record, received string"],
    [{ custom: { url: "ftp://example.com/x" } }, "custom.url: must be an absolute http(s) URL"],
    [{ custom: { url: "/relative" } }, "custom.url: must be an absolute http(s) URL"],
    [{ custom: { ...valid, method: "GET" } }, "custom.method: must be one of PUT, POST, PATCH"],
    [{ custom: { ...valid, headers: { "Content-Length": "1" } } }, "custom.headers.Content-Length: is set by the service"],
    [{ custom: { ...valid, headers: { "x-a": "b\r\nx-b: c" } } }, "custom.headers.x-a: must hold only printable characters (no line breaks)"],
    [{ custom: { ...valid, insecure: true } }, "custom.insecure: unknown field"],
  ])("answers 422 naming the field for %j", async (body, message) => {
    const response = await requestExport(token, assetId, body);
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toContain(message);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await requestExport(token, assetId, "{not json");
    expect(response.status).toBe(400);
  });

  it("answers 422 when IPFS export has no credentials and the server no PINATA_JWT", async () => {
    const response = await requestExport(token, assetId, { ipfs: {} });
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0]).toMatch(/^ipfs\.pinning: no pinning credentials/);
  });

  it("accepts Livepeer's pinata and nftMetadata names", async () => {
    const task = await startExport(token, assetId, {
      ipfs: { pinata: { jwt: pinning.credentials.jwt }, nftMetadata: { description: "via alias" } },
    });
    expect(task.params).toEqual({ export: { ipfs: { cidVersion: 1, unpinOnDelete: false, pinning: { jwt: "(redacted)" }, erc1155Metadata: { description: "via alias" } } } });
    const done = await settledTask(t, token, task.id);
    expect(done.status.phase).toBe("completed");
    const metadataCid = (done.output as { export: { ipfs: { nftMetadataCid: string } } }).export.ipfs.nftMetadataCid;
    expect(JSON.parse(pinning.pinned(metadataCid)!.toString()).description).toBe("via alias");
  });

  it("answers 429 with Retry-After once the user has MAX_ACTIVE_TASKS_PER_USER tasks running", async () => {
    const stall = receiver.stallAfter(1);
    const running = await startExport(token, assetId, { custom });
    try {
      await stall.stalled;
      // Progress is written asynchronously while the bytes flow, so wait for it to land.
      const currentStatus = async () => (await (await getTask(token, running.id)).json()).status;
      await expect.poll(async () => (await currentStatus()).progress).toBeGreaterThan(0);
      const during = await currentStatus();
      expect(during.phase).toBe("running");
      expect(during.progress).toBeLessThan(1);
      const response = await requestExport(token, assetId, { custom });
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("30");
      expect((await response.json()).errors[0]).toMatch(/the limit is 1/);
    } finally {
      stall.release();
    }
    expect((await settledTask(t, token, running.id)).status.phase).toBe("completed");
    expect((await requestExport(token, assetId, { custom })).status).toBe(201);
    await t.app.runner.idle();
  });

  describe("retry", () => {
    it("answers 409 for a task that has not failed, and 404 for another user's", async () => {
      const task = await settledTask(t, token, (await startExport(token, assetId, { custom })).id);
      expect(task.status.phase).toBe("completed");
      const response = await retryTask(token, task.id);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ errors: ["the task is completed; only a failed task can be retried"] });
      expect((await retryTask((await t.createUser()).token, task.id)).status).toBe(404);
    });

    it("runs a failed export again, with the secrets sent again", async () => {
      receiver.answer(403, "AccessDenied");
      const headers = { authorization: "Bearer dest-secret" };
      const failed = await settledTask(t, token, (await startExport(token, assetId, { custom: { ...custom, headers } })).id);
      expect(failed.status).toMatchObject({ phase: "failed", errorMessage: "the custom URL answered 403: AccessDenied" });
      receiver.answer(200);

      const withoutSecrets = await retryTask(token, failed.id);
      expect(withoutSecrets.status).toBe(422);
      expect((await withoutSecrets.json()).errors).toEqual([
        "custom.headers: the header values were discarded when the task failed; send authorization again",
      ]);
      const wrongHeaders = await retryTask(token, failed.id, { custom: { headers: { "x-other": "1" } } });
      expect(wrongHeaders.status).toBe(422);

      receiver.received.length = 0;
      const response = await retryTask(token, failed.id, { custom: { headers } });
      expect(response.status).toBe(200);
      const { task } = await response.json();
      // The retry leaves a trace: counted, with its time.
      expect(failed.status).not.toHaveProperty("retriedAt");
      expect(task).toMatchObject({ id: failed.id, status: { phase: "waiting", progress: 0, retries: failed.status.retries + 1 } });
      expect(task.status.retriedAt).toBeGreaterThanOrEqual(failed.status.updatedAt);
      expect(task.status).not.toHaveProperty("errorMessage");
      const done = await settledTask(t, token, failed.id);
      expect(done.status.phase).toBe("completed");
      expect(receiver.received[0].headers.authorization).toBe("Bearer dest-secret");
    });

    it("asks for pinning credentials again, and takes them under either name", async () => {
      const failed = await settledTask(t, token, (await startExport(token, assetId, { ipfs: { pinning: { jwt: "wrong" } } })).id);
      expect(failed.status.phase).toBe("failed");
      const again = await retryTask(token, failed.id, {});
      expect(again.status).toBe(422);
      expect((await again.json()).errors).toEqual(["ipfs.pinning: the credentials were discarded when the task failed; send them again"]);
      const response = await retryTask(token, failed.id, { ipfs: { pinata: { jwt: pinning.credentials.jwt } } });
      expect(response.status).toBe(200);
      expect((await settledTask(t, token, failed.id)).status.phase).toBe("completed");
    });
  });

  it("never writes secrets to the log", async () => {
    pinning.failNext(1, 500);
    receiver.failNext(1, 503);
    const secrets = [pinning.credentials.jwt, "log-header-secret"];
    const logged = await captureLog(async () => {
      const task = await startExport(token, assetId, {
        ipfs: { pinning: { jwt: secrets[0] } },
        custom: { ...custom, headers: { "x-token": secrets[1] } },
      });
      await settledTask(t, token, task.id);
    });
    expect(logged).toMatch(/"level":"warn"/);
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

});
