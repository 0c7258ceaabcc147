import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

/** Every file under `dir` that holds `needle`, byte for byte (the embedded database's WAL included). */
function filesHolding(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle);
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(bytes));
}

async function settled(server: ServerProcess, taskId: string) {
  for (;;) {
    const task = await (await api(server, `/api/task/${taskId}`)).json();
    if (["completed", "failed"].includes(task.status.phase)) return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Export credentials, end to end on the real server: absent from its log, from every answer of
 * the API (even when a destination echoes them), and from the database once the task has ended.
 */
describe.each(testDatabaseKinds)("credentials at rest on %s", (kind) => {
  let pinning: PinningDouble;
  let receiver: ReceiverDouble;
  /** The webhook's endpoint, apart from the export destination whose answers the test scripts. */
  let hooks: ReceiverDouble;
  let database: ThrowawayDatabase | undefined;
  let dataDir: string;
  let server: ServerProcess;
  const headerSecret = "header-secret-7c1f0e9a42";
  const answers: string[] = [];

  beforeAll(async () => {
    pinning = await startPinningDouble();
    receiver = await startReceiverDouble({ keepBytes: false });
    hooks = await startReceiverDouble();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-secrets-"));
    if (kind === "postgres") database = await createThrowawayDatabase();
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      PINNING_API_URL: pinning.url,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port},127.0.0.1:${hooks.port}`,
    });
  });
  afterAll(async () => {
    await server.kill("SIGKILL");
    await Promise.all([pinning.close(), receiver.close(), hooks.close()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (pathname: string, init: Parameters<typeof api>[2] = {}) => {
    const response = await api(server, pathname, init);
    const text = await response.text();
    answers.push(text);
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  it("are never logged, answered or kept, even when a destination echoes them or an answer is kept for a retry", async () => {
    const { jwt, apiKey, apiSecret } = pinning.credentials;
    const webhookSecret = "whsec_" + Buffer.from("webhook-secret-never-at-rest-0123").toString("base64");
    const secrets = [jwt, apiKey, apiSecret, headerSecret, webhookSecret];
    // The answers that hold a secret (the webhook's and the API key's, shown on creation) stay out
    // of `answers`. Sent with an Idempotency-Key, they are kept for replays, sealed.
    const idempotently = (key: string) => ({ method: "POST", headers: { "idempotency-key": key } });
    const webhookInput = { name: "signed", url: hooks.url, sharedSecret: webhookSecret };
    const hook = await api(server, "/api/webhook", { ...idempotently("webhook-1"), json: webhookInput });
    expect(hook.status).toBe(200);
    const { token: apiKeyToken } = await (await api(server, "/api/keys", { ...idempotently("key-1"), json: { name: "kept sealed" } })).json();
    const replayedKey = await api(server, "/api/keys", { ...idempotently("key-1"), json: { name: "kept sealed" } });
    expect(replayedKey.headers.get("idempotent-replayed")).toBe("true");
    expect((await replayedKey.json()).token).toBe(apiKeyToken);
    secrets.push(apiKeyToken);
    const { body: upload } = await call("/api/asset/request-upload", { method: "POST", json: { name: "secret test" } });
    expect((await fetch(upload.url, { method: "PUT", body: fixture("h264-aac.mp4") })).status).toBe(200);
    for (;;) {
      if ((await call(`/api/asset/${upload.asset.id}`)).body.status === "ready") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Destinations that answer with the credentials they were sent.
    pinning.failNext(1, 400, JSON.stringify({ error: `bad token Bearer ${jwt}` }));
    const echoed = await call(`/api/asset/${upload.asset.id}/export`, { method: "POST", json: { ipfs: { pinning: { jwt } } } });
    const pinFailed = await settled(server, echoed.body.task.id);
    expect(pinFailed.status.errorMessage).toBe('the pinning service answered 400: {"error":"bad token Bearer (redacted)"}');

    receiver.echoHeadersNext(400);
    const custom = { url: `${receiver.url}/echo`, headers: { "x-api-key": headerSecret } };
    const echoing = await call(`/api/asset/${upload.asset.id}/export`, { method: "POST", json: { custom } });
    const customFailed = await settled(server, echoing.body.task.id);
    expect(customFailed.status.errorMessage).toContain('"x-api-key":"(redacted)"');

    const good = await call(`/api/asset/${upload.asset.id}/export`, {
      method: "POST",
      json: { ipfs: { pinning: { apiKey, apiSecret } }, custom: { ...custom, url: `${receiver.url}/ok` } },
    });
    expect((await settled(server, good.body.task.id)).status.phase).toBe("completed");
    await call("/api/task?limit=100");
    await call("/api/webhook");
    const [webhook] = (await call("/api/webhook")).body;
    const logs = (await call(`/api/webhook/${webhook.id}/log`)).body;
    expect(logs.length).toBeGreaterThan(0);
    await call(`/api/task/${echoed.body.task.id}`);
    await call(`/api/asset/${upload.asset.id}`);

    for (const secret of secrets) {
      expect(answers.join("\n"), "an API answer").not.toContain(secret);
      expect(server.output(), "the server's log").not.toContain(secret);
      expect(filesHolding(dataDir, secret), "the data directory").toEqual([]);
    }
    if (database) {
      const dump = execFileSync("pg_dump", ["--no-owner", database.url], { maxBuffer: 64 * 1024 * 1024 }).toString();
      expect(dump).toContain(upload.asset.id);
      for (const secret of secrets) expect(dump, "pg_dump").not.toContain(secret);
    } else {
      expect(fs.existsSync(path.join(dataDir, "pglite", "pg_wal"))).toBe(true);
    }
  }, 120_000);
});
