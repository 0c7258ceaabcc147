import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { ffmpegInstalled } from "../helpers/media-tools";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";
import { verifiedEvent } from "../helpers/webhooks";

/** Starts a PUT of `bytes` that sends only the first `sent` bytes and then holds the connection. */
function partialPut(url: string, bytes: Buffer, sent: number) {
  const request = http.request(url, { method: "PUT", headers: { "content-length": String(bytes.length) } });
  request.on("error", () => {});
  request.write(bytes.subarray(0, sent));
  return request;
}

async function poll<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The real server (`next start`) killed with SIGKILL at the worst moments, then started again on
 * the same data: nothing is lost and nothing is left stuck.
 */
describe.each(testDatabaseKinds)("a server killed with -9 and started again, on %s", (kind) => {
  let receiver: ReceiverDouble;
  /** A webhook endpoint; deliveries run one at a time (WEBHOOK_CONCURRENCY=1). */
  let hooks: ReceiverDouble;
  let dataDir: string;
  let database: ThrowawayDatabase | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    receiver = await startReceiverDouble({ keepBytes: false });
    hooks = await startReceiverDouble();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-crash-"));
    if (kind === "postgres") database = await createThrowawayDatabase();
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port},127.0.0.1:${hooks.port}`,
      WEBHOOK_CONCURRENCY: "1",
      // On PostgreSQL the restarted server takes the dead one's tasks when their lease lapses: 10 s, not 30.
      TASK_LEASE_SECONDS: "10",
    };
  });
  afterAll(async () => {
    await server?.kill("SIGKILL");
    await receiver.close();
    await hooks.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const assetFiles = (assetId: string) => {
    const dir = path.join(dataDir, "objects", "assets", assetId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const getAsset = async (id: string) => (await api(server!, `/api/asset/${id}`)).json();
  const getTask = async (id: string) => (await api(server!, `/api/task/${id}`)).json();
  /** Kills the server and starts it again on the same port: the URLs it issued point there. */
  const restart = async () => {
    await server!.kill("SIGKILL");
    server = await startServer(env, server!.port);
  };

  it("during a PUT: the URL works again, the partial file is gone, and a new PUT makes the asset ready", async () => {
    server = await startServer(env);
    const bytes = fixture("h264-aac.mp4");
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "cut off" } })).json();
    const put = partialPut(url, bytes, 10_000);
    await poll(async () => assetFiles(asset.id), (files) => files.some((f) => f.endsWith(".partial")), 10_000);
    await restart();
    put.destroy();
    expect((await getAsset(asset.id)).status).toBe("waiting");

    // The dead server's claim lapses with its lease (on the embedded database, at start-up).
    const again = await poll(() => fetch(url, { method: "PUT", body: bytes }), (r) => r.status !== 409, 40_000);
    expect(again.status).toBe(200);
    const ready = await poll(() => getAsset(asset.id), (a) => a.status !== "processing", 10_000);
    expect(ready).toMatchObject({ status: "ready", size: bytes.length });
    expect(assetFiles(asset.id).sort()).toEqual(ffmpegInstalled ? ["hls-index", "poster.jpg", "source"] : ["hls-index", "source"]);
  }, 120_000);

  it("during a check: the check is finished after the restart, with the right hash", async () => {
    const file = path.join(dataDir, "large.mp4");
    const large = await makeLargeMp4(file, 1024 ** 3);
    const { url, asset, task } = await (await api(server!, "/api/asset/request-upload", { method: "POST", json: { name: "large" } })).json();
    const put = await fetch(url, { method: "PUT", body: fs.createReadStream(file) as never, duplex: "half" } as RequestInit);
    expect(put.status).toBe(200);
    const checking = await poll(() => getTask(task.id), (t) => t.status.progress > 0.05 || t.status.phase !== "waiting", 20_000);
    expect(checking.status).toMatchObject({ phase: "running" });
    expect(checking.status.progress).toBeLessThan(1);
    await restart();

    const ready = await poll(() => getAsset(asset.id), (a) => a.status !== "processing", 60_000);
    expect(ready).toMatchObject({ status: "ready", size: large.size, hash: [{ algorithm: "sha256", hash: large.sha256 }, { algorithm: "cidv1", hash: expect.stringMatching(/^bafy/) }, { algorithm: "md5", hash: expect.stringMatching(/^[0-9a-f]{32}$/) }] });
    fs.rmSync(file);
    await api(server!, `/api/asset/${asset.id}`, { method: "DELETE" });
  }, 180_000);

  it("during an export: the export is finished after the restart and the destination gets the whole file", async () => {
    const bytes = fixture("h264-aac.mp4");
    const { url, asset } = await (await api(server!, "/api/asset/request-upload", { method: "POST", json: { name: "export me" } })).json();
    expect((await fetch(url, { method: "PUT", body: bytes })).status).toBe(200);
    await poll(() => getAsset(asset.id), (a) => a.status === "ready", 10_000);

    const stall = receiver.stallAfter(1);
    const exported = await api(server!, `/api/asset/${asset.id}/export`, { method: "POST", json: { custom: { url: `${receiver.url}/after-crash` } } });
    expect(exported.status).toBe(201);
    const { task } = await exported.json();
    await stall.stalled;
    await restart();
    stall.release();

    const done = await poll(() => getTask(task.id), (t) => t.status.phase === "completed" || t.status.phase === "failed", 90_000);
    expect(done.status).toMatchObject({ phase: "completed", progress: 1 });
    const finished = receiver.received.filter((r) => r.path === "/after-crash" && r.complete);
    expect(finished.at(-1)).toMatchObject({ size: bytes.length });
  }, 180_000);

  it("right after a change, before its delivery: the event is delivered after the restart", async () => {
    const created = await api(server!, "/api/webhook", { method: "POST", json: { name: "crash", url: hooks.url, events: ["asset.created"] } });
    expect(created.status).toBe(200);
    const { sharedSecret } = await created.json();
    // The first event's delivery hangs in the only delivery slot, so the second cannot be delivered before the kill.
    const stall = hooks.stallAfter(1);
    await api(server!, "/api/asset/request-upload", { method: "POST", json: { name: "first" } });
    await stall.stalled;
    const second = await (await api(server!, "/api/asset/request-upload", { method: "POST", json: { name: "second" } })).json();
    await restart();
    expect(hooks.received.some((r) => r.complete)).toBe(false);
    stall.release();

    const delivered = () => hooks.received.filter((r) => r.complete).map((r) => verifiedEvent(r, sharedSecret));
    const got = await poll(async () => delivered(), (events) => events.some((e) => e.payload.asset?.id === second.asset.id), 60_000);
    expect(got.find((e) => e.payload.asset?.id === second.asset.id)).toMatchObject({ event: "asset.created", payload: { asset: { snapshot: { name: "second" } } } });
  }, 120_000);
});
