import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as playbackRoute from "@/app/api/playback/[playbackId]/route";
import type { Asset } from "@/lib/assets/schemas";
import { playbackInfoSchema } from "@/lib/playback/schemas";
import { assetPosterKey } from "@/lib/storage/types";
import { fetchHandlers as posterRoute } from "@/pages/api/playback/[playbackId]/poster.jpg";
import { fetchHandlers as thumbnailRoute } from "@/pages/api/playback/[playbackId]/thumbnail.jpg";
import { fetchHandlers as videoRoute } from "@/pages/api/playback/[playbackId]/video.mp4";
import { fixture, getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { readyAsset } from "../helpers/export-api";
import { ffmpegInstalled, jpegSize, writeFailingFfmpeg } from "../helpers/media-tools";
import { storageMatrix } from "../helpers/s3-server";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const FILE = "h264-aac.mp4";

function playbackInfo(playbackId: string) {
  return callRoute(playbackRoute.GET, `/api/playback/${playbackId}`, { params: { playbackId } });
}

function video(playbackId: string, options: { method?: string; range?: string } = {}) {
  const headers: Record<string, string> = options.range ? { range: options.range } : {};
  return callRoute(videoRoute[options.method === "HEAD" ? "HEAD" : "GET"], `/api/playback/${playbackId}/video.mp4`, {
    method: options.method,
    params: { playbackId },
    headers,
  });
}

function poster(playbackId: string) {
  return callRoute(posterRoute.GET, `/api/playback/${playbackId}/poster.jpg`, { params: { playbackId } });
}

function deleteAsset(token: string, id: string) {
  return callRoute(routes.assetById.DELETE, `/api/asset/${id}`, { method: "DELETE", token, params: { id } });
}

describe.each(storageMatrix)("playback on %s with %s storage", (kind, storage) => {
  let t: TestApp;
  let token: string;
  let asset: Asset;
  const bytes = fixture(FILE);

  beforeAll(async () => {
    t = await startTestApp(kind, {}, storage);
    ({ token } = await t.createUser());
    asset = await readyAsset(t, token, FILE, "Played");
  });
  afterAll(() => t.close());

  it("answers playback info in Livepeer's shape, to anyone, from any origin", async () => {
    const response = await playbackInfo(asset.playbackId);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const info = await response.json();
    expect(playbackInfoSchema.safeParse(info).success).toBe(true);
    const base = `${ORIGIN}/api/playback/${asset.playbackId}`;
    expect(info.type).toBe("vod");
    expect(info.meta.source[0]).toEqual({ hrn: "HLS (TS)", type: "html5/application/vnd.apple.mpegurl", url: `${ORIGIN}/api/hls/${asset.playbackId}/index.m3u8` });
    expect(info.meta.source[1]).toEqual({
      hrn: "MP4",
      type: "html5/video/mp4",
      url: `${base}/video.mp4`,
      size: bytes.length,
      width: 320,
      height: 240,
      bitrate: asset.videoSpec!.bitrate,
    });
    const thumbnails = info.meta.source.slice(2);
    expect(thumbnails).toEqual(
      ffmpegInstalled
        ? [
            { hrn: "Thumbnail (JPEG)", type: "image/jpeg", url: `${base}/poster.jpg` },
            { hrn: "Thumbnails", type: "text/vtt", url: `${base}/storyboard.vtt` },
          ]
        : [],
    );
  });

  it("answers 404 {errors} for unknown, malformed and not-ready playbackIds", async () => {
    const { asset: waiting } = await requestUpload(token, "not uploaded");
    for (const id of ["0123456789abcdef", "not-a-playback-id", "ABCDEFGHIJKLMNOP", waiting.playbackId]) {
      await expectError(await playbackInfo(id), 404, /playback not found/);
      await expectError(await video(id), 404, /playback not found/);
      await expectError(await poster(id), 404, /playback not found/);
    }
  });

  it("serves the whole MP4 with its length, and seeks with Range (206)", async () => {
    const whole = await video(asset.playbackId);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("access-control-allow-origin")).toBe("*");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await video(asset.playbackId, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const open = await video(asset.playbackId, { range: `bytes=${bytes.length - 10}-` });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const beyond = await video(asset.playbackId, { range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);

    const head = await video(asset.playbackId, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect(await head.text()).toBe("");
  });

  it("answers a CORS preflight for GET with Range", async () => {
    const preflight = await callRoute(videoRoute.OPTIONS, `/api/playback/${asset.playbackId}/video.mp4`, {
      method: "OPTIONS",
      params: { playbackId: asset.playbackId },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Range/);
  });

  it.skipIf(!ffmpegInstalled)("makes a JPEG poster of at most 640 px, served by playbackId", async () => {
    expect(asset.posterUrl).toBe(`${ORIGIN}/api/playback/${asset.playbackId}/poster.jpg`);
    const response = await poster(asset.playbackId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(jpeg.length));
    // The fixture is 320×240: a poster is never larger than its video.
    expect(jpegSize(jpeg)).toEqual({ width: 320, height: 240 });
  });

  it("deleting the asset ends playback and removes the file and the poster", async () => {
    const doomed = await readyAsset(t, token, FILE, "Doomed");
    expect((await video(doomed.playbackId)).status).toBe(200);
    if (ffmpegInstalled) expect(await t.app.storage.stat(assetPosterKey(doomed.id))).toBeDefined();
    expect((await deleteAsset(token, doomed.id)).status).toBe(204);
    await expectError(await playbackInfo(doomed.playbackId), 404);
    await expectError(await video(doomed.playbackId), 404);
    await expectError(await poster(doomed.playbackId), 404);
    expect(await t.app.storage.stat(assetPosterKey(doomed.id))).toBeUndefined();
  });
});

describe.each(testDatabaseKinds)("posters without a working ffmpeg on %s", (kind) => {
  let t: TestApp | undefined;
  let token: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-ffmpeg-"));

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function uploadWith(ffmpegPath: (dir: string) => string) {
    await t?.close();
    t = await startTestApp(kind, { FFMPEG_PATH: ffmpegPath(dir) });
    ({ token } = await t.createUser());
    const { url, asset } = await requestUpload(token, "No poster");
    expect((await putUpload(url, fixture(FILE))).status).toBe(200);
    await t.app.runner.idle();
    return { asset: (await (await getAsset(token, asset.id)).json()) as Asset, playbackId: asset.playbackId };
  }

  it.each([
    ["fails at every job", writeFailingFfmpeg],
    ["does not exist", (dir: string) => `${dir}/no-such-ffmpeg`],
  ])("the asset is ready without a poster when FFMPEG_PATH %s", async (_, ffmpegPath) => {
    const { asset, playbackId } = await uploadWith(ffmpegPath);
    expect(asset.status).toBe("ready");
    expect(asset).not.toHaveProperty("posterUrl");
    const info = await (await playbackInfo(playbackId)).json();
    expect(info.meta.source.map((s: { hrn: string }) => s.hrn)).toEqual(["HLS (TS)", "MP4"]);
    await expectError(await poster(playbackId), 404, /no poster/);
    // Not the URL's fault: the same thumbnail is made once ffmpeg runs.
    const thumbnail = await callRoute(thumbnailRoute.GET, `/api/playback/${playbackId}/thumbnail.jpg?time=1`, { params: { playbackId } });
    await expectError(thumbnail, 503, ffmpegPath === writeFailingFfmpeg ? /could not be made/ : /ffmpeg, which does not run on this server/);
  });
});
