import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixture, getTask, pollAsset, putUpload, requestUpload } from "../helpers/api";
import { readyAsset, startExport } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

async function phaseOf(token: string, taskId: string): Promise<string> {
  return (await (await getTask(token, taskId)).json()).status.phase;
}

describe.each(testDatabaseKinds)("fair task slots on %s", (kind) => {
  let stalled: ReceiverDouble;
  let healthy: ReceiverDouble;
  let release: () => void = () => {};

  beforeAll(async () => {
    stalled = await startReceiverDouble();
    healthy = await startReceiverDouble();
  });
  afterEach(() => release());
  afterAll(async () => {
    await Promise.all([stalled.close(), healthy.close()]);
  });

  const allowed = () => ({ EXPORT_ALLOWED_HOSTS: `127.0.0.1:${stalled.port},127.0.0.1:${healthy.port}` });

  describe("with a destination that reads the file and never answers", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { ...allowed(), TASK_CONCURRENCY: "3", MAX_RUNNING_EXPORTS_PER_USER: "2" });
    });
    afterAll(() => t.close());

    it("lets other users' uploads be checked and exports run while one user's exports hang", async () => {
      const alice = await t.createUser();
      const bob = await t.createUser();
      const aliceAsset = await readyAsset(t, alice.token);
      const bobAsset = await readyAsset(t, bob.token);
      const stall = stalled.stallAfter(fixture("h264-aac.mp4").length);
      release = stall.release;

      const hanging: Array<{ id: string }> = [];
      for (let i = 0; i < 3; i++) hanging.push(await startExport(alice.token, aliceAsset.id, { custom: { url: `${stalled.url}/a${i}` } }));
      await stall.stalled;
      await expect.poll(async () => (await Promise.all(hanging.map((task) => phaseOf(alice.token, task.id)))).sort()).toEqual([
        "running",
        "running",
        "waiting",
      ]);

      // Bob's upload is checked at once: checks have slots of their own.
      const { url, asset } = await requestUpload(bob.token, "bob's upload");
      expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
      expect((await pollAsset(bob.token, asset.id, (a) => a.status !== "processing", 5_000)).status).toBe("ready");

      // Bob's export takes the third export slot; Alice's third export waits for one of hers.
      const bobs = await startExport(bob.token, bobAsset.id, { custom: { url: `${healthy.url}/bob` } });
      await expect.poll(() => phaseOf(bob.token, bobs.id), { timeout: 5_000 }).toBe("completed");
      expect(await phaseOf(alice.token, hanging[2].id)).toBe("waiting");
    });
  });

  describe("with a destination that fails and is retried later", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { ...allowed(), TASK_CONCURRENCY: "1" }, "local", {
        // No jitter: the retry waits the whole 3 s, so Bob's export ends first.
        retryPolicy: { maxRetries: 1, baseDelayMs: 3_000, random: () => 0.999 },
      });
    });
    afterAll(() => t.close());

    it("holds no slot while it waits to retry", async () => {
      const alice = await t.createUser();
      const bob = await t.createUser();
      const aliceAsset = await readyAsset(t, alice.token);
      const bobAsset = await readyAsset(t, bob.token);
      stalled.failNext(1, 503, "busy");
      const retried = await startExport(alice.token, aliceAsset.id, { custom: { url: `${stalled.url}/retry` } });
      await expect.poll(async () => (await (await getTask(alice.token, retried.id)).json()).status.retries).toBe(1);

      const bobs = await startExport(bob.token, bobAsset.id, { custom: { url: `${healthy.url}/meanwhile` } });
      await expect.poll(() => phaseOf(bob.token, bobs.id), { timeout: 2_500 }).toBe("completed");
      expect(await phaseOf(alice.token, retried.id)).toBe("running");
      await expect.poll(() => phaseOf(alice.token, retried.id), { timeout: 10_000 }).toBe("completed");
    });
  });
});
