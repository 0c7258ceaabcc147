import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { retrying } from "../helpers/eventually";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const DATABASE_DOWN = "the database is unavailable; try again shortly";

/** Calls the API and times the answer. */
async function timed(server: ServerProcess, pathname: string, init: Parameters<typeof api>[2] = {}) {
  const started = performance.now();
  const answer = await api(server, pathname, init);
  return { answer, seconds: (performance.now() - started) / 1000, body: await answer.json().catch(() => undefined) };
}

/**
 * A node whose database goes away: a TCP proxy the test controls stands between the node and
 * PostgreSQL, and cuts every connection (and refuses new ones) while traffic runs.
 */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("the database unreachable during traffic", () => {
  let database: ThrowawayDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-faults-")), DATABASE_URL: proxied.toString() });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
    await database?.drop();
  });

  it("answers 503 with Retry-After within 5 s while it is cut, says so in health, and serves again once it is back", async () => {
    const calls = () => [
      timed(server, "/api/asset/request-upload", { method: "POST", json: { name: "during the cut" } }),
      timed(server, "/api/asset"),
      timed(server, "/api/task"),
    ];
    for (const call of await Promise.all(calls())) expect(call.answer.status).toBe(200);

    proxy.cut();
    const during = [];
    for (let round = 0; round < 3; round++) during.push(...(await Promise.all(calls())));
    for (const { answer, seconds, body } of during) {
      expect(answer.status).toBe(503);
      expect(body).toEqual({ errors: [DATABASE_DOWN] });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(seconds).toBeLessThan(5);
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).database).toMatchObject({ ok: false });

    proxy.restore();
    await retrying(async () => {
      for (const call of await Promise.all(calls())) expect(call.answer.status).toBe(200);
    }, 15_000);
    const { url, asset } = (await timed(server, "/api/asset/request-upload", { method: "POST", json: { name: "after the cut" } })).body;
    expect((await fetch(url, { method: "PUT", body: fixture("h264-aac.mp4"), headers: { "content-type": "video/mp4" } })).status).toBe(200);
    await retrying(async () => expect((await timed(server, `/api/asset/${asset.id}`)).body.status).toBe("ready"), 30_000);
  }, 120_000);

  it("leaves the upload URL usable when the database goes away during the PUT: the retry stores the file and the asset plays", async () => {
    const { url, asset } = (await timed(server, "/api/asset/request-upload", { method: "POST", json: { name: "cut mid-PUT" } })).body;
    const file = fixture("h264-aac.mp4");
    const cutPut = await putInTwoHalves(url, file, () => proxy.cut());
    expect(cutPut.status).toBe(503);
    expect(cutPut.body).toEqual({ errors: [DATABASE_DOWN] });

    proxy.restore();
    await retrying(async () => expect((await timed(server, "/api/asset")).answer.status).toBe(200), 15_000);
    // The client retries as Retry-After says: while the database is coming back that may be 503
    // again, but never "already used".
    let retry: Response;
    for (;;) {
      retry = await fetch(url, { method: "PUT", body: file, headers: { "content-type": "video/mp4" } });
      if (retry.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(retry.status, JSON.stringify(await retry.clone().json())).toBe(200);
    await retrying(async () => expect((await timed(server, `/api/asset/${asset.id}`)).body.status).toBe("ready"), 30_000);
  }, 120_000);
});

/** PUTs `file` to `url`, calling `between` once half of it has been received, and reads the answer. */
async function putInTwoHalves(url: string, file: Buffer, between: () => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "PUT", headers: { "content-type": "video/mp4", "content-length": file.length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    request.on("error", reject);
    const half = Math.floor(file.length / 2);
    request.write(file.subarray(0, half));
    // The node has claimed the URL and is writing by now.
    setTimeout(() => {
      between();
      request.end(file.subarray(half));
    }, 1_000);
  });
}

/** Mounts a tmpfs of `bytes` at `dir`; false where this process may not mount (not root). */
function mountSmallDisk(dir: string, bytes: number): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * A full disk during an upload: the node's object directory is a 1 MiB tmpfs, filled up but for a
 * few pages. A real filesystem answers ENOSPC; nothing is faked in the node.
 */
describe("a full disk during an upload", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-full-disk-"));
  const objects = path.join(dataDir, "objects");
  fs.mkdirSync(objects);
  const mounted = mountSmallDisk(objects, 1024 * 1024);
  if (!mounted) console.warn("[dependency-faults] skipped the full-disk test: mounting a tmpfs needs root (mount -t tmpfs)");
  let server: ServerProcess;

  beforeAll(async () => {
    if (mounted) server = await startServer({ DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    if (mounted) execFileSync("umount", [objects]);
  });

  it.skipIf(!mounted)("answers 507 within 5 s, keeps nothing of the upload, and takes it once there is room", async () => {
    const filler = path.join(objects, "filler");
    fs.writeFileSync(filler, Buffer.alloc(1024 * 1024 - 8 * 1024));
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "full disk" } })).json();
    const started = performance.now();
    const refused = await fetch(url, { method: "PUT", body: fixture("h264-aac.mp4"), headers: { "content-type": "video/mp4" } });
    expect((performance.now() - started) / 1000).toBeLessThan(5);
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual({ errors: ["the server is out of storage space"] });
    const left = fs.readdirSync(objects, { recursive: true }).map(String).filter((name) => name !== "filler" && fs.statSync(path.join(objects, name)).isFile());
    expect(left, "no partial file is kept").toEqual([]);
    expect((await (await api(server, `/api/asset/${asset.id}`)).json()).status).toBe("waiting");

    fs.rmSync(filler);
    const accepted = await fetch(url, { method: "PUT", body: fixture("h264-aac.mp4"), headers: { "content-type": "video/mp4" } });
    expect(accepted.status).toBe(200);
    await retrying(async () => expect((await (await api(server, `/api/asset/${asset.id}`)).json()).status).toBe("ready"), 30_000);
  }, 120_000);
});
