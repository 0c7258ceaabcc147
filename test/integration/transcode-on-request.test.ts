import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "@/lib/assets/schemas";
import { metrics } from "@/lib/metrics/metrics";
import { assetRenditionsPrefix } from "@/lib/storage/types";
import { callRoute } from "../helpers/call-route";
import { getAsset, getTask, putUpload, requestUpload, routes } from "../helpers/api";
import { eventually } from "../helpers/eventually";
import { ffmpegInstalled } from "../helpers/media-tools";
import { startMediaServer } from "../helpers/media-http";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { makeTranscodeSource } from "../helpers/transcode-media";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-request-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/** Segments this process made and stored so far, by why. */
async function segmentsMade(): Promise<{ request: number; background: number }> {
  const { values } = await metrics().transcodeSegments.get();
  const of = (why: string) => values.filter((v) => v.labels.for === why).reduce((sum, v) => sum + v.value, 0);
  return { request: of("request"), background: of("background") };
}

async function uploadReady(t: TestApp, token: string, file: string): Promise<Asset> {
  const { url, asset } = await requestUpload(token, path.basename(file));
  expect((await putUpload(url, fs.readFileSync(file), { "content-type": "video/webm" })).status).toBe(200);
  return eventually(async () => {
    const got: Asset = await (await getAsset(token, asset.id)).json();
    return got.status === "ready" ? got : undefined;
  }, 30_000, "the asset to be ready");
}

async function storedFiles(dataDir: string, assetId: string): Promise<string[]> {
  const dir = path.join(dataDir, "objects", assetRenditionsPrefix(assetId));
  if (!fs.existsSync(dir)) return [];
  return (await fs.promises.readdir(dir, { recursive: true })).filter((f) => /\.(m4s|mp4)$/.test(f)).sort();
}

describe.skipIf(!ffmpegInstalled)("segments made on request, once, with no background pool", () => {
  let t: TestApp;
  let token: string;
  let server: Awaited<ReturnType<typeof startMediaServer>>;

  beforeAll(async () => {
    t = await startTestApp("pglite", { TRANSCODE_PRESET: "ultrafast", TRANSCODE_CONCURRENCY: "0" });
    ({ token } = await t.createUser());
    server = await startMediaServer();
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it("six viewers asking at once for a segment not made get identical bytes, and it is made once", async () => {
    const asset = await uploadReady(t, token, makeTranscodeSource(mediaDir, "vp9-opus.webm"));
    expect(await storedFiles(t.dataDir, asset.id)).toEqual([]);
    const before = await segmentsMade();
    const url = `${server.origin}/api/hls/${asset.playbackId}/t0-1/1.m4s`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(url)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(bodies[0].length).toBeGreaterThan(1000);
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
    expect((await segmentsMade()).request - before.request).toBe(1);
    // Asked again: served from storage, not made again.
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(bodies[0])).toBe(true);
    expect((await segmentsMade()).request - before.request).toBe(1);
    expect(await storedFiles(t.dataDir, asset.id)).toEqual(["v1/t0/1.m4s", "v1/t0/init.mp4"]);
  });

  it("a viewer's request takes over a segment a background run holds (niced, one thread) instead of waiting for it", async () => {
    const asset = await uploadReady(t, token, makeTranscodeSource(mediaDir, "vp9-opus.webm"));
    // As another node's background pool would hold it for its whole run.
    await t.app.db.execute(sql`update transcode_segments set lease_owner = 'node-b:background', lease_expires_at = ${Date.now() + 600_000} where asset_id = ${asset.id} and rendition = 't0' and seq = 0`);
    const response = await fetch(`${server.origin}/api/hls/${asset.playbackId}/t0-1/0.m4s`);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("a segment of a rung or audio that is not in the plan answers 404; a ladder version that is not the asset's 404", async () => {
    const asset = await uploadReady(t, token, makeTranscodeSource(mediaDir, "vp9-opus.webm"));
    for (const file of ["t0-1/99.m4s", "t7-1/0.m4s", "a-1/99.m4s", "t0-2/0.m4s", "s-1/0.m4s"]) {
      const response = await fetch(`${server.origin}/api/hls/${asset.playbackId}/${file}`);
      expect(response.status, file).toBe(404);
      expect((await response.json()).errors[0]).toMatch(/no such/);
    }
  });
});

describe.skipIf(!ffmpegInstalled)("segments made in the background, with no viewer", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp("pglite", { TRANSCODE_PRESET: "ultrafast", TRANSCODE_CONCURRENCY: "2" });
    ({ token } = await t.createUser());
  });
  afterAll(() => t?.close());

  it("makes every segment of every rung and the audio, each once; the transcode-file task completes with progress; deleting the asset removes them", async () => {
    const before = await segmentsMade();
    const asset = await uploadReady(t, token, makeTranscodeSource(mediaDir, "portrait-hevc.mov"));
    const list = await callRoute(routes.taskList.GET, `/api/task?assetId=${asset.id}`, { token });
    const tasks: Array<{ id: string; type: string }> = await list.json();
    const transcode = tasks.find((task) => task.type === "transcode-file");
    expect(transcode).toBeDefined();
    const done = await eventually(async () => {
      const task = await (await getTask(token, transcode!.id)).json();
      return task.status.phase === "completed" ? task : undefined;
    }, 60_000, "the transcode-file task to complete");
    const detail = await (await getAsset(token, asset.id)).json();
    const renditions: Array<{ width: number; height: number; segments: { made: number; total: number } }> = detail.renditions;
    expect(renditions.map((r) => `${r.width}x${r.height}`)).toEqual(["360x640", "720x1280"]);
    for (const r of renditions) expect(r.segments.made).toBe(r.segments.total);
    const videoSegments = renditions.reduce((sum, r) => sum + r.segments.total, 0);
    const audioSegments = 2; // 5 s of audio in 188-frame (4.01 s) segments
    expect(done.output["transcode-file"]).toEqual({ segments: videoSegments + audioSegments });
    const after = await segmentsMade();
    expect(after.background + after.request - before.background - before.request).toBe(videoSegments + audioSegments);
    const files = await storedFiles(t.dataDir, asset.id);
    expect(files.filter((f) => f.endsWith(".m4s"))).toHaveLength(videoSegments + audioSegments);
    expect(files.filter((f) => f.endsWith("init.mp4"))).toHaveLength(3);

    const deleted = await callRoute(routes.assetById.DELETE, `/api/asset/${asset.id}`, { method: "DELETE", token, params: { id: asset.id } });
    expect(deleted.status).toBe(204);
    expect(await storedFiles(t.dataDir, asset.id)).toEqual([]);
  });

  it("PATCH profiles gives a ready asset a new ladder, made in the background, the older ladder's files deleted; a VP9 profile is refused by name", async () => {
    const asset = await uploadReady(t, token, makeTranscodeSource(mediaDir, "vp9-opus.webm"));
    await eventually(async () => ((await storedFiles(t.dataDir, asset.id)).some((f) => f.startsWith("v1/t0/")) ? true : undefined), 60_000, "the first ladder");
    const patch = (profiles: unknown) => callRoute(routes.assetById.PATCH, `/api/asset/${asset.id}`, { method: "PATCH", token, params: { id: asset.id }, json: { profiles } });
    const refused = await patch([{ name: "vp9", width: 640, height: 360, bitrate: 500_000, encoder: "VP9" }]);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual(["profiles.0.encoder: VP9 is not supported: renditions are H.264"]);

    expect((await patch([{ name: "240p0", width: 426, height: 240, bitrate: 400_000, fps: 15 }])).status).toBe(200);
    const renditions = await eventually(async () => {
      const detail = await (await getAsset(token, asset.id)).json();
      const ladder: Array<{ name: string; width: number; height: number; fps: number; segments: { made: number; total: number } }> = detail.renditions;
      return ladder.every((r) => r.segments.made === r.segments.total) ? ladder : undefined;
    }, 60_000, "the new ladder to be made");
    expect(renditions.map(({ name, width, height, fps }) => ({ name, width, height, fps }))).toEqual([{ name: "240p0", width: 426, height: 240, fps: 15 }]);
    // A segment of the first ladder still being made when it was replaced goes when it is done.
    const files = await eventually(async () => {
      const stored = await storedFiles(t.dataDir, asset.id);
      return stored.some((f) => f.startsWith("v1/")) ? undefined : stored;
    }, 30_000, "the first ladder's files to go");
    expect(files).toContain("v2/t0/init.mp4");
  });
});
