import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as playbackRoute from "@/app/api/playback/[playbackId]/route";
import type { Asset } from "@/lib/assets/schemas";
import { assetPackagingIndexKey } from "@/lib/storage/types";
import { fetchHandlers as hlsFile } from "@/pages/api/hls/[playbackId]/[version]/[file]";
import { fetchHandlers as hlsPlaylist } from "@/pages/api/hls/[playbackId]/index.m3u8";
import { fixturePath, getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startMediaServer } from "../helpers/media-http";
import { copyErrors, ffmpegInstalled, makeTestVideo, mediaDuration, startsWithKeyframe, videoFrameHashes, type TestVideo } from "../helpers/media-tools";
import { storagePairs } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";


const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-hls-media-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

async function uploadReady(t: TestApp, token: string, file: string, name = path.basename(file)): Promise<Asset> {
  const { url, asset } = await requestUpload(token, name);
  const put = await putUpload(url, fs.readFileSync(file), { "content-type": "video/mp4" });
  if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
  await t.app.runner.idle();
  const ready: Asset = await (await getAsset(token, asset.id)).json();
  if (ready.status !== "ready") throw new Error(`asset is ${ready.status}: ${ready.errorMessage}`);
  return ready;
}

function playlist(playbackId: string, options: { method?: string } = {}) {
  const handler = options.method === "HEAD" ? hlsPlaylist.HEAD : hlsPlaylist.GET;
  return callRoute(handler, `/api/hls/${playbackId}/index.m3u8`, { method: options.method, params: { playbackId } });
}

function segment(playbackId: string, file: string, options: { method?: string; range?: string; version?: string } = {}) {
  const version = options.version ?? "v1";
  const handler = options.method === "HEAD" ? hlsFile.HEAD : hlsFile.GET;
  return callRoute(handler, `/api/hls/${playbackId}/${version}/${file}`, {
    method: options.method,
    params: { playbackId, version, file },
    headers: options.range ? { range: options.range } : {},
  });
}

interface ParsedPlaylist {
  tags: string[];
  init: string;
  segments: Array<{ duration: number; uri: string }>;
  targetDuration: number;
}

function parsePlaylist(text: string): ParsedPlaylist {
  const lines = text.trim().split("\n");
  const segments: ParsedPlaylist["segments"] = [];
  lines.forEach((line, i) => {
    if (line.startsWith("#EXTINF:")) segments.push({ duration: Number.parseFloat(line.slice(8)), uri: lines[i + 1] });
  });
  return {
    tags: lines.filter((line) => line.startsWith("#")),
    init: /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? "",
    segments,
    targetDuration: Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]),
  };
}

const CASES: Array<{ video: TestVideo | "fixture"; minSegmentSeconds: number }> = [
  { video: "b-frames-moov-end", minSegmentSeconds: 6 },
  { video: "negative-cts", minSegmentSeconds: 6 },
  { video: "long-gop", minSegmentSeconds: 10 },
  { video: "audio-tail", minSegmentSeconds: 6 },
  { video: "fixture", minSegmentSeconds: 0 },
];

describe.skipIf(!ffmpegInstalled).each(storagePairs)("HLS played by ffmpeg, on %s with %s storage", (kind, storage) => {
  let t: TestApp;
  let token: string;
  let server: Awaited<ReturnType<typeof startMediaServer>>;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, storage);
    ({ token } = await t.createUser());
    server = await startMediaServer();
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it.each(CASES)("plays $video: every frame bit-identical to the MP4's, same duration, each segment from a keyframe", async ({ video, minSegmentSeconds }) => {
    const file = video === "fixture" ? fixturePath("h264-aac.mp4") : makeTestVideo(mediaDir, video);
    const asset = await uploadReady(t, token, file);
    const playlistUrl = `${server.origin}/api/hls/${asset.playbackId}/index.m3u8`;

    const text = await (await fetch(playlistUrl)).text();
    const parsed = parsePlaylist(text);
    expect(parsed.tags).toEqual(expect.arrayContaining(["#EXT-X-VERSION:7", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-INDEPENDENT-SEGMENTS", "#EXT-X-ENDLIST"]));
    expect(parsed.init).toMatch(/init\.mp4$/);
    expect(parsed.segments.every((s) => s.uri.endsWith(".m4s"))).toBe(true);
    for (const s of parsed.segments) expect(Math.round(s.duration)).toBeLessThanOrEqual(parsed.targetDuration);
    // Cut at keyframes near the 6 s target; never between keyframes.
    for (const s of parsed.segments.slice(0, -1)) expect(s.duration).toBeGreaterThanOrEqual(minSegmentSeconds - 0.001);
    const listed = parsed.segments.reduce((sum, s) => sum + s.duration, 0);
    expect(Math.abs(listed - (await mediaDuration(file)))).toBeLessThan(0.1);

    expect(await copyErrors(playlistUrl)).toBe("");
    const hlsFrames = await videoFrameHashes(playlistUrl);
    expect(hlsFrames.length).toBeGreaterThan(0);
    expect(hlsFrames).toEqual(await videoFrameHashes(file));
    expect(Math.abs((await mediaDuration(playlistUrl)) - (await mediaDuration(file)))).toBeLessThan(0.1);

    const base = playlistUrl.replace(/index\.m3u8$/, "");
    const init = Buffer.from(await (await fetch(base + parsed.init)).arrayBuffer());
    for (const [n, s] of parsed.segments.entries()) {
      const bytes = Buffer.from(await (await fetch(base + s.uri)).arrayBuffer());
      const joined = path.join(mediaDir, `${asset.id}-${n}.mp4`);
      fs.writeFileSync(joined, Buffer.concat([init, bytes]));
      expect(await startsWithKeyframe(joined), `segment ${n} starts with a keyframe`).toBe(true);
      fs.rmSync(joined);
    }
  });
});

describe.each(storagePairs)("HLS answers on %s with %s storage", (kind, storage) => {
  let t: TestApp;
  let token: string;
  let asset: Asset;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, storage);
    ({ token } = await t.createUser());
    asset = await uploadReady(t, token, fixturePath("h264-aac.mp4"), "Streamed");
  });
  afterAll(() => t.close());

  it("lists HLS first in playback info", async () => {
    const info = await (await callRoute(playbackRoute.GET, `/api/playback/${asset.playbackId}`, { params: { playbackId: asset.playbackId } })).json();
    expect(info.meta.source[0]).toEqual({
      hrn: "HLS (TS)",
      type: "html5/application/vnd.apple.mpegurl",
      url: `http://service.test/api/hls/${asset.playbackId}/index.m3u8`,
    });
    expect(info.meta.source[1].hrn).toBe("MP4");
  });

  it("caches the playlist briefly and segments for a year, open to every origin, with Content-Length on GET and HEAD", async () => {
    const list = await playlist(asset.playbackId);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(list.headers.get("cache-control")).toBe("public, max-age=60");
    expect(list.headers.get("access-control-allow-origin")).toBe("*");
    const text = await list.text();
    expect(Number(list.headers.get("content-length"))).toBe(Buffer.byteLength(text));

    for (const file of ["init.mp4", "0.m4s"]) {
      const got = await segment(asset.playbackId, file);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("video/mp4");
      expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(got.headers.get("access-control-allow-origin")).toBe("*");
      expect(got.headers.get("access-control-allow-headers")).toMatch(/Range/);
      const body = Buffer.from(await got.arrayBuffer());
      expect(Number(got.headers.get("content-length"))).toBe(body.length);
      const head = await segment(asset.playbackId, file, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(body.length));
    }
  });

  it("answers a Range of a segment with exactly those bytes of the whole", async () => {
    const whole = Buffer.from(await (await segment(asset.playbackId, "0.m4s")).arrayBuffer());
    for (const [start, end] of [[0, 99], [100, 5000], [whole.length - 10, whole.length - 1]]) {
      const part = await segment(asset.playbackId, "0.m4s", { range: `bytes=${start}-${end}` });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${whole.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(start, end + 1))).toBe(true);
    }
    expect((await segment(asset.playbackId, "0.m4s", { range: `bytes=${whole.length}-` })).status).toBe(416);
  });

  it("answers 404 {errors} for segments, versions and playbackIds that do not exist", async () => {
    await expectError(await segment(asset.playbackId, "9999.m4s"), 404, /no such HLS segment/);
    await expectError(await segment(asset.playbackId, "01.m4s"), 404, /no such HLS segment/);
    await expectError(await segment(asset.playbackId, "init.mp4", { version: "v0" }), 404, /packaging version/);
    await expectError(await playlist("0123456789abcdef"), 404, /playback not found/);
    const { asset: waiting } = await requestUpload(token, "not uploaded");
    await expectError(await playlist(waiting.playbackId), 404, /playback not found/);
  });

  it("packages an asset made ready before HLS existed on its first request, and keeps the index", async () => {
    const old = await uploadReady(t, token, fixturePath("h264-aac-moov-end.mp4"), "Older");
    await t.app.storage.delete(assetPackagingIndexKey(old.id));
    expect(await t.app.storage.stat(assetPackagingIndexKey(old.id))).toBeUndefined();
    const list = await playlist(old.playbackId);
    expect(list.status).toBe(200);
    expect(parsePlaylist(await list.text()).segments.length).toBeGreaterThan(0);
    expect((await segment(old.playbackId, "0.m4s")).status).toBe(200);
    expect(await t.app.storage.stat(assetPackagingIndexKey(old.id))).toBeDefined();
  });

  it("ends HLS at once when the asset is deleted, and removes its index", async () => {
    const doomed = await uploadReady(t, token, fixturePath("h264-aac.mp4"), "Doomed");
    expect((await segment(doomed.playbackId, "0.m4s")).status).toBe(200);
    const deleted = await callRoute(routes.assetById.DELETE, `/api/asset/${doomed.id}`, { method: "DELETE", token, params: { id: doomed.id } });
    expect(deleted.status).toBe(204);
    await expectError(await playlist(doomed.playbackId), 404, /playback not found/);
    await expectError(await segment(doomed.playbackId, "0.m4s"), 404, /playback not found/);
    expect(await t.app.storage.stat(assetPackagingIndexKey(doomed.id))).toBeUndefined();
  });
});
