import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { eventually, retrying } from "../helpers/eventually";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { createTestBucket, type TestBucket } from "../helpers/s3-server";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const DATABASE_DOWN = "the database is unavailable; try again shortly";
const STORAGE_DOWN = "the object storage is unavailable; try again shortly";
/** How soon a node must answer while a dependency is cut (issue 35's acceptance). */
const ANSWER_WITHIN_MS = 5_000;
const MiB = 1024 * 1024;
const TUS = { "Tus-Resumable": "1.0.0" };
const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const tusPatchHeaders = (offset: number) => ({ ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" });

/** A new asset and its tus upload of `size` bytes, made as a tus client makes it. */
async function createTusUpload(server: ServerProcess, name: string, size: number): Promise<{ assetId: string; uploadUrl: string }> {
  const { tusEndpoint, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name } })).json();
  const creation = await fetch(tusEndpoint, { method: "POST", headers: { ...TUS, "Upload-Length": String(size) } });
  expect(creation.status).toBe(201);
  return { assetId: asset.id, uploadUrl: new URL(creation.headers.get("location")!, tusEndpoint).toString() };
}

/** Where a tus client resumes once the node answers: the upload's offset (HEAD), retried while the node answers 503. */
async function resumeOffset(uploadUrl: string): Promise<number> {
  return eventually(async () => {
    const answer = await fetch(uploadUrl, { method: "HEAD", headers: TUS });
    return answer.status === 200 ? Number(answer.headers.get("upload-offset")) : undefined;
  }, 15_000, "the upload's offset");
}

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

  it("finishes a tus upload whose last PATCH lost the database mid-body once the client asks where to resume: ready with the exact bytes", async () => {
    const file = fixture("h264-aac.mp4");
    const { assetId, uploadUrl } = await createTusUpload(server, "tus cut from the database", file.length);
    const half = Math.floor(file.length / 2);
    // The bytes all reach the disk; recording them (the upload's lock, the asset) finds the database gone.
    const cut = await sendInTwoParts(
      uploadUrl,
      { method: "PATCH", headers: tusPatchHeaders(0), answerWithinMs: ANSWER_WITHIN_MS },
      [file.subarray(0, half), file.subarray(half)],
      () => proxy.cut(),
    );
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual({ errors: [DATABASE_DOWN] });

    proxy.restore();
    // What a tus client does next: HEAD, and PATCH the rest unless the offset says it is all there.
    const offset = await resumeOffset(uploadUrl);
    if (offset < file.length) {
      expect((await fetch(uploadUrl, { method: "PATCH", headers: tusPatchHeaders(offset), body: file.subarray(offset) })).status).toBe(204);
    }
    await retrying(async () => {
      const asset = (await timed(server, `/api/asset/${assetId}`)).body;
      expect(asset).toMatchObject({ status: "ready", size: file.length, hash: expect.arrayContaining([{ algorithm: "sha256", hash: sha256Of(file) }]) });
    }, 30_000);
  }, 120_000);
});

/**
 * A node whose object store goes away: S3 (s3rver) behind a TCP proxy the test controls, which
 * cuts every connection (and refuses new ones) while uploads are under way.
 */
describe("the object storage unreachable during uploads", () => {
  let bucket: TestBucket;
  let proxy: TcpProxy;
  let server: ServerProcess;
  const media = fs.mkdtempSync(path.join(os.tmpdir(), "vas-s3-faults-"));
  const asset = async (id: string) => (await api(server, `/api/asset/${id}`)).json();

  beforeAll(async () => {
    bucket = await createTestBucket();
    const direct = new URL(bucket.endpoint);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-s3-faults-data-"));
    server = await startServer({ DATA_DIR: dataDir, ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
  }, 120_000);

  afterEach(() => proxy.restore());

  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
    await bucket?.release();
    fs.rmSync(media, { recursive: true, force: true });
  });

  it("answers a tus PATCH cut off from S3 with 503 and the reason within 5 s; the client resumes at the node's offset and the asset has the exact bytes", async () => {
    const file = path.join(media, "large.mp4");
    // Over one 8 MiB part, so the node has sent some of it to S3 before the cut.
    const { size, sha256 } = await makeLargeMp4(file, 10 * MiB);
    const bytes = fs.readFileSync(file);
    const { assetId, uploadUrl } = await createTusUpload(server, "tus cut", size);

    const acknowledged = 3 * MiB;
    const first = await fetch(uploadUrl, { method: "PATCH", headers: tusPatchHeaders(0), body: bytes.subarray(0, acknowledged) });
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(acknowledged));

    const rest = bytes.subarray(acknowledged);
    const cut = await sendInTwoParts(
      uploadUrl,
      { method: "PATCH", headers: tusPatchHeaders(acknowledged), answerWithinMs: ANSWER_WITHIN_MS },
      [rest.subarray(0, 6 * MiB), rest.subarray(6 * MiB)],
      () => proxy.cut(),
    );
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual({ errors: [STORAGE_DOWN] });
    expect(Number(cut.headers["retry-after"])).toBeGreaterThan(0);
    // Where to resume is kept in S3 too: asking while it is away is answered as plainly.
    const unknownOffset = await fetch(uploadUrl, { method: "HEAD", headers: TUS, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    expect(unknownOffset.status).toBe(503);
    expect(Number(unknownOffset.headers.get("retry-after"))).toBeGreaterThan(0);

    proxy.restore();
    const offset = await resumeOffset(uploadUrl);
    expect(offset, "nothing acknowledged is lost").toBeGreaterThanOrEqual(acknowledged);
    expect(offset).toBeLessThan(size);
    const resumed = await fetch(uploadUrl, { method: "PATCH", headers: tusPatchHeaders(offset), body: bytes.subarray(offset) });
    expect(resumed.status).toBe(204);
    await retrying(async () => {
      expect(await asset(assetId)).toMatchObject({ status: "ready", size, hash: expect.arrayContaining([{ algorithm: "sha256", hash: sha256 }]) });
    }, 60_000);
  }, 180_000);

  it("finishes a tus upload whose last PATCH was cut as S3 was to complete it, once the client asks where to resume: ready with the exact bytes", async () => {
    const bytes = fixture("h264-aac.mp4");
    const { assetId, uploadUrl } = await createTusUpload(server, "cut at completion", bytes.length);
    // Every byte is in S3 (one part) when the node asks it to complete the multipart upload (POST …?uploadId=).
    proxy.cutAtRequest(/^POST \S+[?&]uploadId=/);
    const last = await fetch(uploadUrl, { method: "PATCH", headers: tusPatchHeaders(0), body: bytes, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    expect(last.status).toBe(503);
    expect(await last.json()).toEqual({ errors: [STORAGE_DOWN] });

    proxy.restore();
    // What a tus client (tus-js-client among them) does next: HEAD, and PATCH the rest unless the offset says it is all there.
    const offset = await resumeOffset(uploadUrl);
    if (offset < bytes.length) {
      expect((await fetch(uploadUrl, { method: "PATCH", headers: tusPatchHeaders(offset), body: bytes.subarray(offset) })).status).toBe(204);
    }
    await retrying(async () => {
      expect(await asset(assetId)).toMatchObject({ status: "ready", size: bytes.length, hash: expect.arrayContaining([{ algorithm: "sha256", hash: sha256Of(bytes) }]) });
    }, 60_000);
  }, 120_000);

  it("answers a tus creation cut off from S3 with 503 and the reason, and gives the upload slot back for the retry", async () => {
    const { tusEndpoint } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "created during the cut" } })).json();
    const create = () => fetch(tusEndpoint, { method: "POST", headers: { ...TUS, "Upload-Length": "1000" }, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    proxy.cut();
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ errors: [STORAGE_DOWN] });

    proxy.restore();
    // As Retry-After says: 503 again while S3 is coming back, but never "already started".
    let retry: Response;
    while ((retry = await create()).status === 503) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(retry.status).toBe(201);
  }, 60_000);

  it("answers the upload check with 503 within 5 s while S3 is cut, keeps the asset waiting, and takes the file once S3 is back", async () => {
    const bytes = fixture("h264-aac.mp4");
    const { url, asset: created, task } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "checked during the cut" } })).json();
    proxy.cut();
    // The uploader still reaches the bucket; only the node is cut off from it.
    const straightToBucket = new URL(url);
    straightToBucket.host = new URL(bucket.endpoint).host;
    expect((await fetch(straightToBucket, { method: "PUT", body: new Uint8Array(bytes) })).status).toBe(200);

    const check = await api(server, `/api/asset/${created.id}/upload-complete`, { method: "POST", signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    expect(check.status).toBe(503);
    expect(await check.json()).toEqual({ errors: [STORAGE_DOWN] });
    expect(Number(check.headers.get("retry-after"))).toBeGreaterThan(0);
    // The node's own look for the file fails as well, and the asset still waits for it.
    const checkFailed = () => server.output().split("\n").some((line) => line.includes(`"task ${task.id}"`) && line.includes("checking for the upload failed"));
    await eventually(() => (checkFailed() ? true : undefined), 15_000, "the upload task's own check to fail");
    expect((await asset(created.id)).status).toBe("waiting");

    proxy.restore();
    await retrying(async () => {
      expect(await asset(created.id)).toMatchObject({ status: "ready", size: bytes.length });
    }, 60_000);
  }, 120_000);

  it("says in /api/health that the storage is down while S3 is cut, and up once it is back", async () => {
    proxy.cut();
    const down = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ ok: false, database: { ok: true }, storage: { kind: "s3", ok: false, error: "unreachable" } });

    proxy.restore();
    await retrying(async () => {
      const up = await fetch(`${server.url}/api/health`);
      expect(await up.json()).toMatchObject({ ok: true, storage: { kind: "s3", ok: true } });
    }, 15_000);
  }, 60_000);
});

/** PUTs `file` to `url`, calling `between` once half of it has been received, and reads the answer. */
async function putInTwoHalves(url: string, file: Buffer, between: () => void): Promise<{ status: number; body: unknown }> {
  const half = Math.floor(file.length / 2);
  return sendInTwoParts(url, { method: "PUT", headers: { "content-type": "video/mp4" } }, [file.subarray(0, half), file.subarray(half)], between);
}

/**
 * Sends `first` and then `second` as one request body, calling `between` a second after `first`
 * went out (the node is writing it by then), and reads the answer; with `answerWithinMs`, a
 * request not answered that long after its last byte fails.
 */
async function sendInTwoParts(
  url: string,
  options: { method: string; headers: Record<string, string>; answerWithinMs?: number },
  [first, second]: [Buffer, Buffer],
  between: () => void,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, "content-length": first.length + second.length };
    let deadline: NodeJS.Timeout | undefined;
    const request = http.request(url, { method: options.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(deadline);
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.write(first);
    setTimeout(() => {
      between();
      request.end(second, () => {
        if (options.answerWithinMs) {
          deadline = setTimeout(() => request.destroy(new Error(`no answer within ${options.answerWithinMs} ms of the last byte`)), options.answerWithinMs);
        }
      });
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
