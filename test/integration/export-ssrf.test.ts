import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTask } from "@/lib/db/tasks";
import { readyAsset, requestExport, settledTask } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("export destinations guard on %s", (kind) => {
  let receiver: ReceiverDouble;
  /** Reachable by name, but not listed in EXPORT_ALLOWED_HOSTS. */
  let other: ReceiverDouble;
  let t: TestApp;
  let token: string;
  let userId: string;
  let assetId: string;

  beforeAll(async () => {
    receiver = await startReceiverDouble();
    other = await startReceiverDouble();
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: `localhost:${receiver.port}` });
    ({ token, userId } = await t.createUser());
    assetId = (await readyAsset(t, token)).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await other.close();
  });

  it.each([
    ["http://127.0.0.1:9/x", "127.0.0.1 is a loopback address"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"],
    ["http://[::1]/x", "::1 is a loopback address"],
    ["http://10.0.0.1/x", "10.0.0.1 is a private address"],
    ["http://localhost:9/x", "localhost (127.0.0.1) is a loopback address"],
  ])("refuses %s with 422", async (url, reason) => {
    const response = await requestExport(token, assetId, { custom: { url } });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^custom\.url: /);
    // localhost may resolve to ::1 first on some machines.
    expect(errors[0]).toContain(reason.includes("localhost") ? "localhost (" : reason);
  });

  it("lets a host:port listed in EXPORT_ALLOWED_HOSTS through", async () => {
    const response = await requestExport(token, assetId, { custom: { url: `http://localhost:${receiver.port}/ok` } });
    expect(response.status).toBe(201);
    const task = await settledTask(t, token, (await response.json()).task.id);
    expect(task.status.phase).toBe("completed");
    expect(receiver.received).toHaveLength(1);
    receiver.received.length = 0;
  });

  async function runStoredExport(url: string) {
    const now = t.app.now();
    const row = await insertTask(t.app.db, {
      userId,
      type: "export",
      inputAssetId: assetId,
      params: { export: { custom: { url, method: "PUT", headers: {} } } },
      phase: "waiting",
      statusUpdatedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await t.app.runner.enqueue(row);
    return settledTask(t, token, row.id);
  }

  // These destinations never passed the request-time check (stored directly), as if a name had
  // been re-pointed after it: the check when connecting must stop them.
  it("checks an IP address again when connecting, without opening a connection", async () => {
    const task = await runStoredExport(`http://127.0.0.1:${receiver.port}/sneaky`);
    expect(task.status).toMatchObject({ phase: "failed", retries: 0 });
    expect(task.status.errorMessage).toBe(
      `custom URL refused: 127.0.0.1 is a loopback address; the service sends only to public addresses, unless EXPORT_ALLOWED_HOSTS lists 127.0.0.1:${new URL(receiver.url).port}`,
    );
    expect(receiver.received).toHaveLength(0);
  });

  it("checks a host name's addresses again when connecting, without opening a connection", async () => {
    const task = await runStoredExport(`http://localhost:${other.port}/rebound`);
    expect(task.status).toMatchObject({ phase: "failed", retries: 0 });
    expect(task.status.errorMessage).toMatch(/^custom URL refused: localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(other.received).toHaveLength(0);
  });
});
