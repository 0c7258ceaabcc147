import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegInstalled } from "../helpers/media-tools";
import { createTestBucket, type TestBucket } from "../helpers/s3-server";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

interface Rendition {
  segments: { made: number; total: number };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The audio of a minute: 2813 AAC frames in 188-frame segments. */
const AUDIO_SEGMENTS = 15;

/** A minute of 640x360 MPEG-4 with MP3: quick to make, 15 segments of one rung to transcode. */
function makeMinute(dir: string): Buffer {
  const file = path.join(dir, "minute.mkv");
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "60", "-c:v", "mpeg4", "-q:v", "8", "-g", "60", "-c:a", "libmp3lame", "-shortest", file];
  expect(spawnSync("ffmpeg", args).status).toBe(0);
  return fs.readFileSync(file);
}

async function upload(node: ServerProcess, body: Buffer): Promise<{ id: string; playbackId: string }> {
  const { url, asset } = await (await api(node, "/api/asset/request-upload", { method: "POST", json: { name: "a minute" } })).json();
  expect((await fetch(url, { method: "PUT", body: new Uint8Array(body), headers: { "content-type": "video/x-matroska" } })).status).toBe(200);
  if (!url.startsWith(node.url)) expect((await api(node, `/api/asset/${asset.id}/upload-complete`, { method: "POST" })).status).toBe(200);
  await until(async () => (await (await api(node, `/api/asset/${asset.id}`)).json()).status, (status) => status === "ready", 60_000, "the asset to be ready");
  return asset;
}

async function renditions(node: ServerProcess, id: string): Promise<{ made: number; total: number }> {
  const ladder: Rendition[] = (await (await api(node, `/api/asset/${id}`)).json()).renditions ?? [];
  return { made: ladder.reduce((s, r) => s + r.segments.made, 0), total: ladder.reduce((s, r) => s + r.segments.total, 0) };
}

/** This node's vas_transcode_segments_total, all reasons summed. */
async function segmentsCounted(node: ServerProcess): Promise<number> {
  const text = await (await fetch(`${node.url}/api/metrics`)).text();
  return [...text.matchAll(/^vas_transcode_segments_total\{[^}]*\} (\d+)/gm)].reduce((sum, [, n]) => sum + Number(n), 0);
}

describe.skipIf(!ffmpegInstalled)("a node killed with -9 mid-transcode (embedded database, local disk)", () => {
  let dataDir: string;
  let node: ServerProcess | undefined;
  const env = () => ({ DATA_DIR: dataDir, TRANSCODE_PRESET: "ultrafast", TRANSCODE_CONCURRENCY: "1" });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-kill-"));
  });
  afterAll(async () => {
    await node?.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stays ready; after the restart every segment comes, and those made before the kill are not made again", async () => {
    const body = makeMinute(dataDir);
    node = await startServer(env());
    const asset = await upload(node, body);
    const partly = await until(() => renditions(node!, asset.id), (p) => p.made >= 3, 60_000, "a few segments");
    expect(partly.made).toBeLessThan(partly.total);
    await node.kill("SIGKILL");

    const dir = path.join(dataDir, "objects", "assets", asset.id, "renditions", "v1", "t0");
    const before = new Map(fs.readdirSync(dir).filter((f) => f.endsWith(".m4s")).map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]));
    expect(before.size).toBeGreaterThanOrEqual(2);

    node = await startServer(env());
    expect((await (await api(node, `/api/asset/${asset.id}`)).json()).status).toBe("ready");
    const done = await until(() => renditions(node!, asset.id), (p) => p.made === p.total, 120_000, "every segment");
    for (const [file, mtime] of before) expect(fs.statSync(path.join(dir, file)).mtimeMs, `${file} was not made again`).toBe(mtime);
    const afterRestart = await segmentsCounted(node);
    expect(afterRestart).toBeLessThanOrEqual(done.total + AUDIO_SEGMENTS - before.size);
    for (let n = 0; n < 15; n++) expect((await fetch(`${node.url}/api/hls/${asset.playbackId}/t0-1/${n}.m4s`)).status).toBe(200);
  }, 240_000);
});

describe.skipIf(!ffmpegInstalled || !testDatabaseKinds.includes("postgres"))("two app nodes on one PostgreSQL database and one S3 bucket", () => {
  let database: ThrowawayDatabase;
  let bucket: TestBucket;
  const nodes: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let minute: Buffer;

  beforeAll(async () => {
    // Made before the nodes start: makeMinute blocks this process for seconds, past a node's 5 s
    // keep-alive, and the first request after it would go out on a socket that node had closed.
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-media-"));
    dataDirs.push(mediaDir);
    minute = makeMinute(mediaDir);
    database = await createThrowawayDatabase();
    bucket = await createTestBucket();
    for (const name of ["node-a", "node-b"]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vas-transcode-${name}-`));
      dataDirs.push(dataDir);
      nodes.push(await startServer({ ...bucket.env, DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_NAME: name, TRANSCODE_PRESET: "ultrafast", TRANSCODE_CONCURRENCY: "1" }));
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill("SIGKILL")));
    await bucket?.release();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("share one asset's segments: both make some, none is made twice, either serves them all; deleting removes them from the bucket", async () => {
    const [a, b] = nodes;
    const asset = await upload(a, minute);
    const done = await until(() => renditions(b, asset.id), (p) => p.made === p.total, 180_000, "every segment");
    const counted = await Promise.all(nodes.map(segmentsCounted));
    expect(counted[0]).toBeGreaterThan(0);
    expect(counted[1]).toBeGreaterThan(0);
    expect(counted[0] + counted[1]).toBe(done.total + AUDIO_SEGMENTS);
    for (let n = 0; n < 15; n++) expect((await fetch(`${b.url}/api/hls/${asset.playbackId}/t0-1/${n}.m4s`)).status).toBe(200);

    expect((await api(a, `/api/asset/${asset.id}`, { method: "DELETE" })).status).toBe(204);
    const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: `assets/${asset.id}/renditions/` }));
    expect(listed.Contents ?? []).toEqual([]);
  }, 240_000);
});
