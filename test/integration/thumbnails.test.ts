import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as playbackRoute from "@/app/api/playback/[playbackId]/route";
import type { Asset } from "@/lib/assets/schemas";
import { storyboardKey } from "@/lib/playback/make-storyboard";
import { thumbnailKey } from "@/lib/playback/thumbnail";
import { fetchHandlers as storyboardJpg } from "@/pages/api/playback/[playbackId]/storyboard.jpg";
import { fetchHandlers as storyboardVtt } from "@/pages/api/playback/[playbackId]/storyboard.vtt";
import { fetchHandlers as thumbnailRoute } from "@/pages/api/playback/[playbackId]/thumbnail.jpg";
import { getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { newSigningKey, viewerToken } from "../helpers/signed-playback";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { ffmpegInstalled, jpegSize, makeTestVideo } from "../helpers/media-tools";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";

function storyboard(playbackId: string, type: "vtt" | "jpg", query = "") {
  return callRoute((type === "vtt" ? storyboardVtt : storyboardJpg).GET, `/api/playback/${playbackId}/storyboard.${type}${query}`, { params: { playbackId } });
}

function seconds(vttTime: string): number {
  const [h, m, s] = vttTime.split(":").map(Number);
  return h * 3600 + m * 60 + s;
}

function thumbnail(playbackId: string, query: string) {
  return callRoute(thumbnailRoute.GET, `/api/playback/${playbackId}/thumbnail.jpg?${query}`, { params: { playbackId } });
}

/** How alike two pictures of one size are (dB): ffmpeg's own psnr filter. */
function psnr(a: string, b: string): number {
  const said = spawnSync("ffmpeg", ["-hide_banner", "-i", a, "-i", b, "-lavfi", "psnr", "-f", "null", "-"], { encoding: "utf8" }).stderr;
  const average = /average:(\S+)/.exec(said)?.[1];
  return average === "inf" ? Infinity : Number(average);
}

/** The times of the video's keyframes, from its packets' flags. */
function keyframeTimes(file: string): number[] {
  const csv = execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0", file], { encoding: "utf8" });
  return csv
    .split("\n")
    .map((line) => line.split(","))
    .filter(([, flags]) => flags?.startsWith("K"))
    .map(([time]) => Number(time))
    .sort((a, b) => a - b);
}

describe.skipIf(!ffmpegInstalled)("thumbnails at any time and storyboards", () => {
  let t: TestApp;
  let token: string;
  let asset: Asset;
  let dir: string;
  let source: string;
  /** What storage held of the storyboard once the asset was ready, before anything asked for it. */
  let storyboardBeforeAnyRequest: unknown[];

  /** The frame ffmpeg itself decodes at `seconds`, scaled to `width`, as a lossless PNG. */
  function ffmpegFrame(seconds: number, width: number): string {
    const file = path.join(dir, `ref-${seconds}-${width}.png`);
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-ss", String(seconds), "-i", source, "-frames:v", "1", "-vf", `scale=${width}:-2`, "-y", file]);
    return file;
  }

  async function saved(response: Response, name: string): Promise<string> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return file;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "thumbnails-"));
    // 25 s, one keyframe every 10 s: a frame between keyframes must be decoded to, not rounded to one.
    source = makeTestVideo(dir, "long-gop");
    t = await startTestApp("pglite");
    ({ token } = await t.createUser());
    const { url, asset: created } = await requestUpload(token, "Thumbnails");
    expect((await putUpload(url, fs.readFileSync(source), { "content-type": "video/mp4" })).status).toBe(200);
    await t.app.runner.idle();
    asset = await (await getAsset(token, created.id)).json();
    expect(asset.status).toBe("ready");
    storyboardBeforeAnyRequest = [
      await t.app.storage.stat(storyboardKey(asset.id, "storyboard.vtt")),
      await t.app.storage.stat(storyboardKey(asset.id, "storyboard.jpg")),
    ];
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is the frame ffmpeg decodes at that time, at the width asked, between keyframes", async () => {
    const response = await thumbnail(asset.playbackId, "time=13.48&width=160");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const jpeg = await saved(response, "13.48.jpg");
    expect(jpegSize(fs.readFileSync(jpeg))).toEqual({ width: 160, height: 120 });
    const same = psnr(jpeg, ffmpegFrame(13.48, 160));
    expect(same).toBeGreaterThan(30);
    // Not the keyframe before it, nor a neighbour a second away: testsrc2 moves.
    expect(psnr(jpeg, ffmpegFrame(10, 160))).toBeLessThan(same - 5);
    expect(psnr(jpeg, ffmpegFrame(12.48, 160))).toBeLessThan(same - 5);
  });

  it("is made once: a second request is served from storage, unchanged", async () => {
    const first = Buffer.from(await (await thumbnail(asset.playbackId, "time=3.2&width=64")).arrayBuffer());
    // 25 fps: 3.2 s is frame 80.
    const key = thumbnailKey(asset.id, 80, 64);
    expect((await t.app.storage.stat(key))?.size).toBe(first.length);
    // Had ffmpeg run again, it would not answer these bytes.
    const marker = Buffer.from("stored, not made again");
    await t.app.storage.putObject(key, marker, "image/jpeg");
    const second = Buffer.from(await (await thumbnail(asset.playbackId, "time=3.200&width=64")).arrayBuffer());
    expect(second.equals(marker)).toBe(true);
  });

  it("stores one thumbnail per frame and width step, whatever the query: times within a frame and widths between steps share it", async () => {
    const response = await thumbnail(asset.playbackId, "time=7.21&width=230");
    expect(response.status).toBe(200);
    const jpeg = await saved(response, "7.21.jpg");
    // At most as wide as asked: the step below 230.
    expect(jpegSize(fs.readFileSync(jpeg))).toEqual({ width: 192, height: 144 });
    expect(psnr(jpeg, ffmpegFrame(7.21, 192))).toBeGreaterThan(30);
    // 7.21 s at 25 fps shows frame 181 (7.24 s), as 7.23 s does.
    const key = thumbnailKey(asset.id, 181, 192);
    expect(await t.app.storage.stat(key)).toBeDefined();
    const marker = Buffer.from("one thumbnail for the frame and the step");
    await t.app.storage.putObject(key, marker, "image/jpeg");
    for (const query of ["time=7.23&width=192", "time=7.22&width=239", "time=7.24&width=200"]) {
      expect(Buffer.from(await (await thumbnail(asset.playbackId, query)).arrayBuffer()).equals(marker)).toBe(true);
    }
  });

  it("defaults to the video's width, never larger", async () => {
    const big = await thumbnail(asset.playbackId, "time=1&width=1920");
    expect(jpegSize(Buffer.from(await big.arrayBuffer()))).toEqual({ width: 320, height: 240 });
    const whole = await thumbnail(asset.playbackId, "time=1");
    expect(jpegSize(Buffer.from(await whole.arrayBuffer()))).toEqual({ width: 320, height: 240 });
  });

  it("answers 422 naming time or width when either is not sane", async () => {
    for (const query of ["time=-1", "time=26", "time=abc", "time=", "time=1e3", "time=NaN"]) {
      await expectError(await thumbnail(asset.playbackId, query), 422, /^time: /);
    }
    for (const query of ["time=1&width=12.5", "time=1&width=8", "time=1&width=5000", "time=1&width=abc", "time=1&width=-100"]) {
      await expectError(await thumbnail(asset.playbackId, query), 422, /^width: /);
    }
  });

  it("the storyboard's cues cover the video without gap, each naming a tile that shows the keyframe at or before its start", async () => {
    const info = await (await callRoute(playbackRoute.GET, `/api/playback/${asset.playbackId}`, { params: { playbackId: asset.playbackId } })).json();
    const listed = info.meta.source.find((s: { hrn: string }) => s.hrn === "Thumbnails");
    expect(listed).toEqual({ hrn: "Thumbnails", type: "text/vtt", url: `${ORIGIN}/api/playback/${asset.playbackId}/storyboard.vtt` });

    const vtt = await storyboard(asset.playbackId, "vtt");
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get("content-type")).toBe("text/vtt");
    const text = await vtt.text();
    expect(text.startsWith("WEBVTT\n")).toBe(true);
    const cues = [...text.matchAll(/(\S+) --> (\S+)\n(\S+)#xywh=(\d+),(\d+),(\d+),(\d+)/g)].map((m) => ({
      start: seconds(m[1]),
      end: seconds(m[2]),
      url: m[3],
      xywh: m.slice(4, 8).map(Number),
    }));
    expect(cues.length).toBe(Math.ceil(asset.videoSpec!.duration / 5));
    expect(cues[0].start).toBe(0);
    cues.slice(1).forEach((cue, i) => expect(cue.start).toBe(cues[i].end));
    expect(cues.at(-1)!.end).toBeCloseTo(asset.videoSpec!.duration, 3);
    expect(new Set(cues.map((c) => c.url))).toEqual(new Set(["storyboard.jpg"]));

    // A tile shows the keyframe at or before its cue's start (keyframes every 10 s here: 0, 0, 10, 10, 20).
    const keyframes = keyframeTimes(source);
    const keyframeOf = (time: number) => keyframes.findLast((k) => k <= time + 1e-3)!;
    const sprite = await saved(await storyboard(asset.playbackId, "jpg"), "sprite.jpg");
    for (const [n, cue] of cues.entries()) {
      const [x, y, w, h] = cue.xywh;
      const tile = path.join(dir, `tile-${n}.png`);
      execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", sprite, "-vf", `crop=${w}:${h}:${x}:${y}`, "-y", tile]);
      const shown = keyframeOf(cue.start);
      expect(cue.start - shown).toBeLessThan(10);
      const own = psnr(tile, ffmpegFrame(shown, w));
      expect(own).toBeGreaterThan(22);
      // Another keyframe is clearly another picture.
      const other = keyframes[(keyframes.indexOf(shown) + 1) % keyframes.length];
      expect(psnr(tile, ffmpegFrame(other, w))).toBeLessThan(own - 5);
    }
  });

  it("the storyboard is made in the background once the asset is ready, before any request for it", async () => {
    // Read in beforeAll, which asked for nothing but the asset: the runner's idle includes the storyboard task.
    expect(storyboardBeforeAnyRequest[0]).toBeDefined();
    expect(storyboardBeforeAnyRequest[1]).toBeDefined();
  });

  it("an asset stored without one (made before the background task) has it made on its first request", async () => {
    const sprite = Buffer.from(await (await storyboard(asset.playbackId, "jpg")).arrayBuffer());
    await t.app.storage.delete(storyboardKey(asset.id, "storyboard.vtt"));
    await t.app.storage.delete(storyboardKey(asset.id, "storyboard.jpg"));
    const vtt = await storyboard(asset.playbackId, "vtt");
    expect(vtt.status).toBe(200);
    expect(await vtt.text()).toMatch(/^WEBVTT\n/);
    expect(Buffer.from(await (await storyboard(asset.playbackId, "jpg")).arrayBuffer()).length).toBe(sprite.length);
  });

  it("a jwt asset's storyboard names its sprite with the viewer's token: the sprite answers 200 with it, 401 without", async () => {
    const patch = (type: string) =>
      callRoute(routes.assetById.PATCH, `/api/asset/${asset.id}`, { method: "PATCH", token, params: { id: asset.id }, json: { playbackPolicy: { type } } });
    expect((await patch("jwt")).status).toBe(200);
    try {
      const key = await newSigningKey(token);
      const jwt = await viewerToken(key, asset.playbackId);
      await expectError(await storyboard(asset.playbackId, "vtt"), 401, /needs a playback token/);
      const vtt = await storyboard(asset.playbackId, "vtt", `?jwt=${encodeURIComponent(jwt)}`);
      expect(vtt.status).toBe(200);
      expect(vtt.headers.get("cache-control")).toBe("private, no-store");
      const urls = [...(await vtt.text()).matchAll(/^(\S+)#xywh=/gm)].map((m) => m[1]);
      expect(urls.length).toBe(Math.ceil(asset.videoSpec!.duration / 5));
      // What a player does: the sprite's URL resolved against the WebVTT's, fetched with nothing added.
      const sprite = new URL(urls[0], `${ORIGIN}/api/playback/${asset.playbackId}/storyboard.vtt`);
      expect(sprite.pathname).toBe(`/api/playback/${asset.playbackId}/storyboard.jpg`);
      const carried = await storyboard(asset.playbackId, "jpg", sprite.search);
      expect(carried.status).toBe(200);
      expect(carried.headers.get("content-type")).toBe("image/jpeg");
      expect(jpegSize(Buffer.from(await carried.arrayBuffer())).width).toBeGreaterThan(0);
      await expectError(await storyboard(asset.playbackId, "jpg"), 401, /needs a playback token/);
    } finally {
      expect((await patch("public")).status).toBe(200);
    }
  });

  it("a jwt asset's thumbnail needs a token (401); deleting the asset removes its thumbnails", async () => {
    const patch = (type: string) =>
      callRoute(routes.assetById.PATCH, `/api/asset/${asset.id}`, { method: "PATCH", token, params: { id: asset.id }, json: { playbackPolicy: { type } } });
    expect((await patch("jwt")).status).toBe(200);
    await expectError(await thumbnail(asset.playbackId, "time=2"), 401, /needs a playback token/);
    expect((await patch("public")).status).toBe(200);

    expect((await thumbnail(asset.playbackId, "time=2")).status).toBe(200);
    expect(await t.app.storage.stat(thumbnailKey(asset.id, 50, undefined))).toBeDefined();
    const deleted = await callRoute(routes.assetById.DELETE, `/api/asset/${asset.id}`, { method: "DELETE", token, params: { id: asset.id } });
    expect(deleted.status).toBe(204);
    expect(await t.app.storage.stat(thumbnailKey(asset.id, 50, undefined))).toBeUndefined();
    expect(await t.app.storage.stat(storyboardKey(asset.id, "storyboard.jpg"))).toBeUndefined();
  });
});
