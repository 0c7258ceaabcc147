import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/api/task/[id]/cancel/route";
import { findAsset } from "@/lib/db/assets";
import { fixture, getAsset, getTask, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { readyAsset, settledTask, startExport } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

/** Well under the lease renewal (every 10 s by default): a cancel must not wait for it. */
const STOPS_WITHIN_MS = 5_000;

function cancelTask(token: string, id: string) {
  return callRoute(cancelRoute.POST, `/api/task/${id}/cancel`, { method: "POST", token, params: { id } });
}

describe.each(testDatabaseKinds)("cancelling tasks on %s", (kind) => {
  let receiver: ReceiverDouble;
  let t: TestApp;
  let token: string;
  let assetId: string;

  beforeAll(async () => {
    receiver = await startReceiverDouble({ keepBytes: false });
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, MAX_RUNNING_EXPORTS_PER_USER: "1" });
    ({ token } = await t.createUser());
    assetId = (await readyAsset(t, token)).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("stops a running export at once, closing its connection, and ends a waiting one before it starts", async () => {
    const stall = receiver.stallAfter(1);
    try {
      const running = await startExport(token, assetId, { custom: { url: `${receiver.url}/running` } });
      await stall.stalled;
      // One export per user runs at a time: this one waits for the first.
      const waiting = await startExport(token, assetId, { custom: { url: `${receiver.url}/waiting` } });
      expect((await (await getTask(token, waiting.id)).json()).status.phase).toBe("waiting");

      const first = await cancelTask(token, waiting.id);
      expect(first.status).toBe(200);
      expect((await first.json()).task).toMatchObject({ id: waiting.id, status: { phase: "cancelled" } });

      const cancelledAt = Date.now();
      const response = await cancelTask(token, running.id);
      expect(response.status).toBe(200);
      expect((await response.json()).task).toMatchObject({ id: running.id, type: "export", status: { phase: "cancelled" } });
      const request = receiver.received.find((r) => r.path === "/running")!;
      await expect.poll(() => request.connectionClosedAt, { timeout: STOPS_WITHIN_MS }).toBeDefined();
      expect(request.connectionClosedAt! - cancelledAt).toBeLessThan(STOPS_WITHIN_MS);
      expect(request.complete).toBe(false);
      // The run ended: the runner has nothing left, and neither run wrote to its task again.
      await t.app.runner.idle();
      for (const id of [running.id, waiting.id]) {
        const task = await (await getTask(token, id)).json();
        expect(task.status.phase).toBe("cancelled");
        expect(task).not.toHaveProperty("output");
      }
      expect(receiver.received.filter((r) => r.path === "/waiting")).toHaveLength(0);
    } finally {
      stall.release();
    }
  });

  it("answers 409 {errors} for a task that has ended, and 404 for another user's or an unknown one", async () => {
    const done = await settledTask(t, token, (await startExport(token, assetId, { custom: { url: `${receiver.url}/done` } })).id);
    expect(done.status.phase).toBe("completed");
    await expectError(await cancelTask(token, done.id), 409, /^the task is completed; only a pending, waiting or running task can be cancelled$/);

    const other = await t.createUser();
    await expectError(await cancelTask(other.token, done.id), 404, /task not found/);
    await expectError(await cancelTask(token, "00000000-0000-4000-8000-000000000000"), 404);
    await expectError(await cancelTask(token, "not-a-uuid"), 404);
  });

  it("cancelling an upload that is waiting for its file fails the asset, and the URL then refuses the file", async () => {
    const { url, asset, task } = await requestUpload(token, "never sent");
    const response = await cancelTask(token, task.id);
    expect(response.status).toBe(200);
    expect((await response.json()).task.status.phase).toBe("cancelled");
    const failed = await (await getAsset(token, asset.id)).json();
    expect(failed).toMatchObject({ status: "failed", errorMessage: "the upload was cancelled" });

    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(409);
    await t.app.runner.idle();
    expect(await findAsset(t.app.db, asset.id)).toMatchObject({ status: "failed", errorMessage: "the upload was cancelled" });
    await expectError(await cancelTask(token, task.id), 409, /the task is cancelled/);
  });
});
