import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/asset/upload/url/route";
import * as retryRoute from "@/app/api/task/[id]/retry/route";
import { fixture, getAsset, getTask, pollAsset } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { startSourceServer, type SourceServer } from "../helpers/source-server";
import { startTestApp, type TestApp } from "../helpers/test-app";
import type { StorageKind } from "../helpers/s3-server";

const VIDEO = fixture("h264-aac.mp4");
const MAX_BYTES = 100_000;
const TOO_LARGE = Buffer.alloc(MAX_BYTES + 50_000, 7);

/** DESIGN.md section 13: import from a URL, against a local HTTP source, on both stores. */
describe.each<StorageKind>(["local", "s3"])("import from a URL on %s storage", (storage) => {
  let source: SourceServer;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    source = await startSourceServer({
      "/video.mp4": { body: VIDEO, ranges: true },
      "/drop-ranges.mp4": { body: VIDEO, ranges: true, dropAfter: 10_000 },
      "/drop-plain.mp4": { body: VIDEO, dropAfter: 10_000 },
      "/large.bin": { body: TOO_LARGE },
      "/large-chunked.bin": { body: TOO_LARGE, chunked: true },
      "/page.html": { body: Buffer.from("<html>a page about a video</html>"), contentType: "text/html; charset=utf-8" },
      "/random.bin": { body: fixture("random.bin"), contentType: "application/octet-stream" },
      "/signed.mp4": { body: VIDEO, query: "?sig=query-secret-123" },
    });
    t = await startTestApp("pglite", { EXPORT_ALLOWED_HOSTS: source.host, MAX_UPLOAD_BYTES: String(MAX_BYTES) }, storage);
    ({ token } = await t.createUser());
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  const requestImport = (json: unknown) => callRoute(importRoute.POST, "/api/asset/upload/url", { token, json });

  async function importAndSettle(url: string) {
    const response = await requestImport({ name: "Imported", url });
    expect(response.status).toBe(201);
    const created = await response.json();
    // Retries sleep between attempts, which the runner's idle() does not wait for.
    const asset = await pollAsset(token, created.asset.id, (a) => a.status === "ready" || a.status === "failed", 20_000);
    await t.app.runner.idle();
    const task = await (await getTask(token, created.task.id)).json();
    return { created, asset, task };
  }

  async function storedBytes(asset: { downloadUrl: string; id: string }) {
    const stream = await t.app.storage.createReadStream(`assets/${asset.id}/source`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it("follows a redirect chain, stores the file and checks it: ready, source and params show the URL", async () => {
    const url = `${source.url}/redirect/3/video.mp4`;
    const { created, asset, task } = await importAndSettle(url);
    expect(created.asset).toMatchObject({ status: "waiting", source: { type: "url", url } });
    expect(created.task).toMatchObject({ type: "upload", params: { upload: { url } } });
    expect(asset).toMatchObject({ status: "ready", size: VIDEO.length, source: { type: "url", url } });
    expect((await storedBytes(asset)).equals(VIDEO)).toBe(true);
    expect(task.status).toMatchObject({ phase: "completed", progress: 1 });
  });

  it("fails with the source's status when it answers 404, without retrying", async () => {
    const before = source.requests.length;
    const { asset, task } = await importAndSettle(`${source.url}/missing.mp4`);
    expect(asset).toMatchObject({ status: "failed", errorMessage: "the source answered 404 Not Found" });
    expect(task.status).toMatchObject({ phase: "failed", errorMessage: "the source answered 404 Not Found" });
    expect(source.requests.length - before).toBe(1);
  });

  it("resumes with Range and If-Range after the source drops the connection midway", async () => {
    const { asset, task } = await importAndSettle(`${source.url}/drop-ranges.mp4`);
    expect(asset.status).toBe("ready");
    expect((await storedBytes(asset)).equals(VIDEO)).toBe(true);
    const tries = source.requests.filter((r) => r.path === "/drop-ranges.mp4");
    expect(tries).toHaveLength(2);
    expect(tries[1]).toMatchObject({ range: expect.stringMatching(/^bytes=[1-9]\d*-$/), ifRange: '"v1"' });
    expect(task.status.retries).toBe(1);
  });

  it("starts over when the source that dropped does not serve ranges", async () => {
    const { asset } = await importAndSettle(`${source.url}/drop-plain.mp4`);
    expect(asset.status).toBe("ready");
    expect((await storedBytes(asset)).equals(VIDEO)).toBe(true);
    const tries = source.requests.filter((r) => r.path === "/drop-plain.mp4");
    expect(tries.map((r) => r.range)).toEqual([undefined, undefined]);
  });

  it("retries a 503 and honours Retry-After", async () => {
    const { asset, task } = await importAndSettle(`${source.url}/flaky/video.mp4`);
    expect(asset.status).toBe("ready");
    expect(task.status.retries).toBe(1);
  });

  it.each([
    ["with Content-Length", "/large.bin"],
    ["without Content-Length", "/large-chunked.bin"],
  ])("refuses a body over MAX_UPLOAD_BYTES %s, keeping nothing", async (_label, path) => {
    const { asset } = await importAndSettle(`${source.url}${path}`);
    expect(asset).toMatchObject({ status: "failed", errorMessage: `the file is larger than the upload limit of ${MAX_BYTES} bytes` });
    expect(await t.app.storage.stat(`assets/${asset.id}/source`)).toBeUndefined();
    expect(source.requests.filter((r) => r.path === path)).toHaveLength(1);
  });

  it("fails a web page as not a video, and random bytes with the check's reason", async () => {
    expect((await importAndSettle(`${source.url}/page.html`)).asset).toMatchObject({ status: "failed", errorMessage: "not a video: the source sent text/html" });
    expect((await importAndSettle(`${source.url}/random.bin`)).asset).toMatchObject({ status: "failed", errorMessage: expect.stringMatching(/not a video ffmpeg can read|not an MP4 file/) });
  });

  it("refuses a private address at request time, and a redirect to one when fetching", async () => {
    const refused = await requestImport({ name: "Private", url: "http://10.1.2.3/video.mp4" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0]).toMatch(/^url: 10\.1\.2\.3 is a private address/);
    const { asset } = await importAndSettle(`${source.url}/redirect-to?url=${encodeURIComponent("http://169.254.169.254/latest/meta-data")}`);
    expect(asset).toMatchObject({ status: "failed", errorMessage: expect.stringMatching(/^the source URL was refused: 169\.254\.169\.254 is a link-local address/) });
  });

  it("keeps credentials in the URL sealed: fetched with them, shown without them", async () => {
    const url = `http://user:pass-secret-456@${source.host}/signed.mp4?sig=query-secret-123`;
    const response = await requestImport({ name: "Signed", url });
    const text = await response.text();
    expect(text).not.toContain("query-secret-123");
    expect(text).not.toContain("pass-secret-456");
    const created = JSON.parse(text);
    expect(created.asset.source).toEqual({ type: "url", url: `${source.url}/signed.mp4` });
    await t.app.runner.idle();
    const asset = await (await getAsset(token, created.asset.id)).json();
    expect(asset.status).toBe("ready");
    expect(source.requests.findLast((r) => r.path === "/signed.mp4")?.authorization).toBe(`Basic ${Buffer.from("user:pass-secret-456").toString("base64")}`);
    const task = await (await getTask(token, created.task.id)).text();
    expect(task).not.toContain("secret");
  });

  it("retries a failed import on request, and a sealed one needs its whole URL again", async () => {
    const { created } = await importAndSettle(`${source.url}/missing.mp4`);
    const retried = await callRoute(retryRoute.POST, `/api/task/${created.task.id}/retry`, { token, method: "POST", params: { id: created.task.id } });
    expect(retried.status).toBe(200);
    await t.app.runner.idle();
    expect((await (await getTask(token, created.task.id)).json()).status).toMatchObject({ phase: "failed", retries: 1 });

    const wrong = await callRoute(retryRoute.POST, `/api/task/${created.task.id}/retry`, {
      token,
      params: { id: created.task.id },
      json: { url: `${source.url}/other.mp4?sig=x` },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors[0]).toMatch(/^url: /);
  });
});
