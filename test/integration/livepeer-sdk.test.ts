import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Livepeer } from "livepeer";
import { Events } from "livepeer/models/components";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";

/** Livepeer Studio's own SDK (`livepeer` on npm), unchanged, pointed at this service's /api. */
describe("the livepeer SDK's webhook calls", () => {
  let receiver: ReceiverDouble;
  let server: ServerProcess;
  let dataDir: string;
  let sdk: Livepeer;

  beforeAll(async () => {
    receiver = await startReceiverDouble();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-sdk-"));
    server = await startServer({ DATA_DIR: dataDir, EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` });
    sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
  });
  afterAll(async () => {
    await server?.kill();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates, lists, reads, updates and deletes a webhook", async () => {
    const created = await sdk.webhook.create({ name: "From the SDK", url: `${receiver.url}/sdk`, events: [Events.AssetReady, Events.TaskCompleted] });
    expect(created.webhook).toMatchObject({ name: "From the SDK", url: `${receiver.url}/sdk`, events: ["asset.ready", "task.completed"] });
    const id = created.webhook!.id!;

    const all = await sdk.webhook.getAll();
    expect(all.data?.map((webhook) => webhook.id)).toContain(id);
    expect((await sdk.webhook.get(id)).webhook).toMatchObject({ id, name: "From the SDK" });

    const updated = await sdk.webhook.update({ name: "Renamed", url: `${receiver.url}/sdk`, events: [Events.AssetFailed] }, id);
    expect(updated.webhook).toMatchObject({ id, name: "Renamed", events: ["asset.failed"] });

    const deleted = await sdk.webhook.delete(id);
    expect(deleted.webhook).toMatchObject({ id });
    await expect(sdk.webhook.get(id)).rejects.toThrow();
  });

  it("reads logs and resends one", async () => {
    const { webhook } = await sdk.webhook.create({ name: "Logs", url: `${receiver.url}/logs` });
    const id = webhook!.id!;
    const sent = await fetch(`${server.url}/api/webhook/${id}/test`, { method: "POST", headers: { authorization: `Bearer ${SERVER_TOKEN}` } });
    expect(sent.status).toBe(200);

    const logs = await sdk.webhook.getLogs(id);
    expect(logs.data).toHaveLength(1);
    const logId = logs.data![0].id;
    expect((await sdk.webhook.getLog(id, logId)).webhookLog).toMatchObject({ id: logId, webhookId: id, success: true });

    const resent = await sdk.webhook.resendLog(id, logId);
    expect(resent.webhookLog).toMatchObject({ webhookId: id, success: true });
    expect((await sdk.webhook.getLogs(id)).data).toHaveLength(2);
    expect(receiver.received.filter((r) => r.path === "/logs" && r.complete)).toHaveLength(2);
  });
});
