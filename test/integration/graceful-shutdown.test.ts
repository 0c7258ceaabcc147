import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { retrying } from "../helpers/eventually";
import { startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const VIDEO = fixture("h264-aac.mp4");

async function readyAsset(node: ServerProcess, name: string): Promise<string> {
  const { url, asset } = await (await api(node, "/api/asset/request-upload", { method: "POST", json: { name } })).json();
  expect((await fetch(url, { method: "PUT", body: VIDEO, headers: { "content-type": "video/mp4" } })).status).toBe(200);
  await retrying(async () => expect((await (await api(node, `/api/asset/${asset.id}`)).json()).status).toBe("ready"), 30_000);
  return asset.id;
}

async function startIpfsExport(node: ServerProcess, assetId: string): Promise<string> {
  const answer = await api(node, `/api/asset/${assetId}/export`, { method: "POST", json: { ipfs: {} } });
  expect(answer.status).toBe(201);
  return (await answer.json()).task.id;
}

async function taskOf(node: ServerProcess, taskId: string) {
  return (await api(node, `/api/task/${taskId}`)).json();
}

const videoPins = (pinning: PinningDouble) => pinning.pins.filter((pin) => pin.filename === "video.mp4");

/** The video, sent slowly: `chunks` pieces `everyMs` apart. */
function slowBody(bytes: Buffer, chunks: number, everyMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const size = Math.ceil(bytes.length / chunks);
  return new ReadableStream({
    async pull(controller) {
      if (sent > 0) await delay(everyMs);
      if (sent >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(sent, sent + size));
      sent += size;
    },
  });
}

/** Two nodes on one PostgreSQL database and one data directory, as behind a load balancer. */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("SIGTERM: a node stops gracefully", () => {
  let database: ThrowawayDatabase;
  let pinning: PinningDouble;
  let env: Record<string, string>;
  const nodes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    pinning = await startPinningDouble();
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-shutdown-")),
      PINNING_API_URL: pinning.url,
      PINATA_JWT: pinning.credentials.jwt,
      // A dead node's tasks would wait this long; a stopping one's must not.
      TASK_LEASE_SECONDS: "30",
    };
  }, 60_000);

  afterEach(async () => {
    pinning.releaseHeld();
    for (const node of nodes.splice(0)) await node.kill("SIGKILL");
  });

  afterAll(async () => {
    await pinning?.close();
    await database?.drop();
  });

  it("finishes an upload in flight, refuses new connections meanwhile, then exits", async () => {
    const a = await startServer(env);
    nodes.push(a, await startServer(env));
    const { url, asset } = await (await api(a, "/api/asset/request-upload", { method: "POST", json: { name: "slow upload" } })).json();
    const upload = fetch(url, { method: "PUT", body: slowBody(VIDEO, 20, 150), headers: { "content-type": "video/mp4" }, duplex: "half" } as RequestInit);
    await delay(600);
    const stopped = a.kill("SIGTERM");
    await retrying(async () => expect(await fetch(`${a.url}/api/health/live`).then(() => "answered", () => "refused")).toBe("refused"), 3000);
    const answer = await upload;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ size: VIDEO.length });
    await stopped;
    expect(a.output()).toMatch(/"msg":"stopped"/);
    // The other node checks the file and makes the asset ready.
    await retrying(async () => expect((await (await api(nodes[1], `/api/asset/${asset.id}`)).json()).status).toBe("ready"), 30_000);
  }, 120_000);

  it("hands a running export to the other node within 5 s, which pins the video once", async () => {
    const a = await startServer(env);
    const b = await startServer(env);
    nodes.push(a, b);
    const assetId = await readyAsset(a, "export on shutdown");
    const pinsBefore = videoPins(pinning).length;
    pinning.holdFrom(pinning.requests + 1);
    const taskId = await startIpfsExport(a, assetId);
    // A is in the middle of pin-video: its upload is held by the pinning service.
    await retrying(() => expect(pinning.held).toBe(1), 15_000);
    const requestsBefore = pinning.requests;
    // The held upload stays held; the next one passes.
    pinning.holdFrom(Infinity);
    const signalled = performance.now();
    void a.kill("SIGTERM");
    await retrying(() => expect(pinning.requests).toBeGreaterThan(requestsBefore), 5_000);
    expect((performance.now() - signalled) / 1000).toBeLessThan(5);
    await retrying(async () => expect((await taskOf(b, taskId)).status.phase).toBe("completed"), 20_000);
    expect(videoPins(pinning).length - pinsBefore).toBe(1);
  }, 120_000);
});

/**
 * kill -9 in the middle of an export, after its video was pinned and before its metadata was:
 * after a restart the task goes on from where it stopped.
 */
describe("kill -9 mid-export, then a restart", () => {
  let pinning: PinningDouble;
  let node: ServerProcess | undefined;

  beforeAll(async () => {
    pinning = await startPinningDouble();
  });

  afterAll(async () => {
    await node?.kill("SIGKILL");
    await pinning?.close();
  });

  it("does not pin the video a second time", async () => {
    const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-kill-")), PINNING_API_URL: pinning.url, PINATA_JWT: pinning.credentials.jwt };
    node = await startServer(env);
    const assetId = await readyAsset(node, "killed export");
    // The video's upload passes; the metadata's (the next one) is held.
    pinning.holdFrom(pinning.requests + 2);
    const taskId = await startIpfsExport(node, assetId);
    await retrying(() => expect(pinning.held).toBe(1), 15_000);
    expect(videoPins(pinning)).toHaveLength(1);
    await node.kill("SIGKILL");
    pinning.releaseHeld();

    node = await startServer(env);
    await retrying(async () => expect((await taskOf(node!, taskId)).status.phase).toBe("completed"), 30_000);
    expect(videoPins(pinning), "the pinning service saw the video pinned once").toHaveLength(1);
    expect(pinning.pins.filter((pin) => pin.filename === "metadata.json")).toHaveLength(1);
    const output = (await taskOf(node, taskId)).output.export.ipfs;
    expect(output.videoFileCid).toBe(videoPins(pinning)[0].cid);
  }, 120_000);
});
