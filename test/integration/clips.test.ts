import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { fileURLToPath } from "node:url";
import { Livepeer } from "livepeer";
import { HTTPClient } from "livepeer/lib/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clipRoute from "@/app/api/clip/route";
import * as trackList from "@/app/api/asset/[id]/tracks/route";
import type { Asset } from "@/lib/assets/schemas";
import type { Track } from "@/lib/captions/schemas";
import { copyClipTracks } from "@/lib/clips/clip-tracks";
import { assetSourceKey, assetTrackKey } from "@/lib/storage/types";
import type { Task } from "@/lib/tasks/schemas";
import { getAsset, getTask, putUpload, requestUpload, routes } from "../helpers/api";
import { fetchHandlers as hlsPlaylist } from "@/pages/api/hls/[playbackId]/index.m3u8";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { ffmpegInstalled, videoFrameHashes } from "../helpers/media-tools";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";

const FPS = 30;

function createClip(token: string, json: unknown, headers: Record<string, string> = {}) {
  return callRoute(clipRoute.POST, "/api/clip", { token, json, headers });
}

function addTrack(token: string, assetId: string, json: unknown) {
  return callRoute(trackList.POST, `/api/asset/${assetId}/tracks`, { method: "POST", token, json, params: { id: assetId } });
}

async function listTracks(token: string, assetId: string): Promise<Track[]> {
  return (await callRoute(trackList.GET, `/api/asset/${assetId}/tracks`, { token, params: { id: assetId } })).json();
}

/** How alike two pictures of one size are (dB): ffmpeg's own psnr filter. */
function psnr(a: string, b: string): number {
  const said = spawnSync("ffmpeg", ["-hide_banner", "-i", a, "-i", b, "-lavfi", "psnr", "-f", "null", "-"], { encoding: "utf8" }).stderr;
  const average = /average:(\S+)/.exec(said)?.[1];
  return average === "inf" ? Infinity : Number(average);
}

function probe(file: string, entries: string): string {
  return execFileSync("ffprobe", ["-v", "error", "-show_entries", entries, "-of", "csv=p=0", file], { encoding: "utf8" }).trim();
}

/**
 * Issue 38, clips: a 30 s video at 30 fps with a keyframe every 2 s, clipped from 4.2 s to
 * 11.7 s, so both ends fall inside a GOP.
 */
describe.skipIf(!ffmpegInstalled)("POST /api/clip", () => {
  let t: TestApp;
  let token: string;
  let parent: Asset;
  let dir: string;
  let source: string;

  /** The source's frame number `n` (0-based), as a lossless PNG. */
  function sourceFrame(n: number): string {
    const file = path.join(dir, `source-${n}.png`);
    if (!fs.existsSync(file)) execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", source, "-vf", `select=eq(n\\,${n})`, "-frames:v", "1", "-y", file]);
    return file;
  }

  function clipFrame(file: string, n: number, name: string): string {
    const out = path.join(dir, `${name}-${n}.png`);
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", file, "-vf", `select=eq(n\\,${n})`, "-frames:v", "1", "-y", out]);
    return out;
  }

  async function settle(asset: Asset, task: Task) {
    await t.app.runner.idle();
    return { asset: (await (await getAsset(token, asset.id)).json()) as Asset, task: (await (await getTask(token, task.id)).json()) as Task };
  }

  async function storedFile(assetId: string): Promise<string> {
    return fileURLToPath(await t.app.storage.mediaToolInput(assetSourceKey(assetId)));
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "clips-"));
    source = path.join(dir, "source.mp4");
    execFileSync("ffmpeg", [
      "-hide_banner", "-loglevel", "error",
      "-f", "lavfi", "-i", `testsrc2=size=320x180:rate=${FPS}`, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
      "-t", "30", "-c:v", "libx264", "-preset", "veryfast", "-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-c:a", "aac", "-y", source,
    ]);
    t = await startTestApp("pglite", { TRANSCODE_PRESET: "ultrafast" });
    ({ token } = await t.createUser());
    const { url, asset } = await requestUpload(token, "Thirty seconds");
    expect((await putUpload(url, fs.readFileSync(source), { "content-type": "video/mp4" })).status).toBe(200);
    await t.app.runner.idle();
    parent = await (await getAsset(token, asset.id)).json();
    expect(parent.status).toBe("ready");
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a clip from 4.2 s to 11.7 s is a new ready asset of 7.5 s (within a frame) that starts on the source's frame at 4.2 s", async () => {
    const response = await createClip(token, { playbackId: parent.playbackId, startTime: 4200, endTime: 11_700, name: "The middle" });
    expect(response.status).toBe(200);
    const created: { asset: Asset; task: Task } = await response.json();
    expect(created.asset).toMatchObject({
      status: "waiting",
      name: "The middle",
      userId: parent.userId,
      source: { type: "clip", sourceId: parent.id, playbackId: parent.playbackId },
    });
    expect(created.asset.playbackId).not.toBe(parent.playbackId);
    expect(created.task).toMatchObject({
      type: "clip",
      inputAssetId: created.asset.id,
      params: { clip: { clipStrategy: { playbackId: parent.playbackId, startTime: 4200, endTime: 11_700 }, inputId: parent.id } },
    });

    const { asset, task } = await settle(created.asset, created.task);
    expect(task.status).toMatchObject({ phase: "completed", progress: 1 });
    expect(asset.status).toBe("ready");
    expect(asset.source).toEqual({ type: "clip", sourceId: parent.id, playbackId: parent.playbackId });
    expect(asset.size).toBeGreaterThan(0);
    expect(asset.hash?.map((h) => h.algorithm)).toEqual(expect.arrayContaining(["sha256", "cidv1"]));
    expect(asset.videoSpec?.tracks.map((track) => track.type)).toEqual(["video", "audio"]);

    const clip = await storedFile(asset.id);
    const videoDuration = Number(probe(clip, "stream=duration").split("\n")[0]);
    expect(Math.abs(videoDuration - 7.5)).toBeLessThanOrEqual(1 / FPS);
    expect(Math.abs(asset.videoSpec!.duration - 7.5)).toBeLessThanOrEqual(1 / FPS);
    const frames = await videoFrameHashes(clip);
    expect(frames).toHaveLength(225);

    // Its first frame is the source's frame at 4.2 s (number 126), not a neighbour.
    const first = clipFrame(clip, 0, "clip");
    const same = psnr(first, sourceFrame(126));
    expect(same).toBeGreaterThan(35);
    expect(psnr(first, sourceFrame(125))).toBeLessThan(same - 3);
    expect(psnr(first, sourceFrame(127))).toBeLessThan(same - 3);
    // Its last is the source's last frame before 11.7 s (number 350).
    const last = clipFrame(clip, 224, "clip");
    expect(psnr(last, sourceFrame(350))).toBeGreaterThan(35);

    // The whole GOPs between (6 s to 10 s) are the source's own frames, copied, not encoded again.
    const sourceFrames = await videoFrameHashes(source);
    expect(frames.slice(54, 174)).toEqual(sourceFrames.slice(180, 300));
    // The partial GOPs at the edges are encoded again: no copy of them could start at 4.2 s.
    expect(frames[0]).not.toBe(sourceFrames[126]);

    // The sound is cut to match.
    const audioDuration = Number(probe(clip, "stream=duration").split("\n")[1]);
    expect(Math.abs(audioDuration - 7.5)).toBeLessThan(0.05);
  });

  it("the clip keeps the parent's tracks, cut to it: cues moved to its start, those across an edge cut, a track left empty not copied", async () => {
    const english = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nBefore the clip\n\n00:00:04.000 --> 00:00:05.000\nAcross its start\n\n00:00:06.000 --> 00:00:07.000\nInside\n\n00:00:11.500 --> 00:00:12.500\nAcross its end\n";
    const french = "1\n00:00:20,000 --> 00:00:21,000\nAprès le clip\n";
    const spanish = "WEBVTT\n\n00:00:00.000 --> 00:00:30.000\nTodo el tiempo\n";
    for (const json of [
      { type: "text", textType: "captions", languageCode: "en", text: english },
      { type: "text", textType: "subtitles", languageCode: "fr", text: french },
      { type: "text", textType: "subtitles", languageCode: "es", name: "Español", text: spanish },
    ]) expect((await addTrack(token, parent.id, json)).status).toBe(201);

    const response = await createClip(token, { playbackId: parent.playbackId, startTime: 4200, endTime: 11_700 });
    const created: { asset: Asset; task: Task } = await response.json();
    const { asset } = await settle(created.asset, created.task);
    expect(asset.status).toBe("ready");

    const tracks = await listTracks(token, asset.id);
    expect(tracks).toEqual([
      { id: expect.any(String), type: "text", textType: "captions", languageCode: "en", name: "English (CC)", status: "ready" },
      { id: expect.any(String), type: "text", textType: "subtitles", languageCode: "es", name: "Español", status: "ready" },
    ]);
    // The step run again (a run that died before it was recorded) copies nothing twice.
    await copyClipTracks(t.app, parent.id, asset.id, { start: 4200, end: 11_700 });
    expect(await listTracks(token, asset.id)).toEqual(tracks);
    const parentIds = (await listTracks(token, parent.id)).map((track) => track.id);
    for (const track of tracks) expect(parentIds).not.toContain(track.id);
    const stored = async (trackId: string) => text(await t.app.storage.createReadStream(assetTrackKey(asset.id, trackId)));
    expect(await stored(tracks[0].id)).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:00.800\nAcross its start\n\n00:00:01.800 --> 00:00:02.800\nInside\n\n00:00:07.300 --> 00:00:07.500\nAcross its end\n\n",
    );
    expect(await stored(tracks[1].id)).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:07.500\nTodo el tiempo\n\n");

    const master = await (await callRoute(hlsPlaylist.GET, `/api/hls/${asset.playbackId}/index.m3u8`, { params: { playbackId: asset.playbackId } })).text();
    const renditions = master.split("\n").filter((line) => line.startsWith("#EXT-X-MEDIA:TYPE=SUBTITLES"));
    expect(renditions.map((line) => /NAME="([^"]*)"/.exec(line)?.[1])).toEqual(["English (CC)", "Español"]);
    expect(renditions[0]).toContain(`sub-${tracks[0].id}/`);
  });

  it("answers 422 naming the field for times outside the video, an end not after the start, and wrong types", async () => {
    const playbackId = parent.playbackId;
    await expectError(await createClip(token, { playbackId, startTime: 31_000, endTime: 32_000 }), 422, /^startTime: must be before the end of the video \(30000 ms\)/);
    await expectError(await createClip(token, { playbackId, startTime: 1000, endTime: 30_001 }), 422, /^endTime: must be at most the video's duration \(30000 ms\)/);
    await expectError(await createClip(token, { playbackId, startTime: 5000, endTime: 5000 }), 422, /^endTime: must be after startTime/);
    await expectError(await createClip(token, { playbackId, startTime: 6000, endTime: 5000 }), 422, /^endTime: must be after startTime/);
    await expectError(await createClip(token, { playbackId, startTime: -1, endTime: 5000 }), 422, /^startTime: must not be negative/);
    await expectError(await createClip(token, { playbackId, startTime: "4200", endTime: 5000 }), 422, /^startTime: must be a number of milliseconds/);
    await expectError(await createClip(token, { playbackId, startTime: 0, endTime: "end" }), 422, /^endTime: must be a number of milliseconds/);
    await expectError(await createClip(token, { playbackId: 42, startTime: 0, endTime: 1000 }), 422, /^playbackId: /);
    await expectError(await createClip(token, { startTime: 0, endTime: 1000 }), 422, /^playbackId: is required/);
    await expectError(await createClip(token, { playbackId, startTime: 0, endTime: 1000, sessionId: "s" }), 422, /^sessionId: is not supported/);
    await expectError(await createClip(token, { playbackId, startTime: 0, endTime: 1000, colour: "red" }), 422, /colour/);
  });

  it("answers 404 for another user's playbackId and for an unknown one, and makes nothing", async () => {
    const other = await t.createUser();
    const before = (await (await callRoute(routes.assetList.GET, "/api/asset", { token: other.token })).json()) as Asset[];
    await expectError(await createClip(other.token, { playbackId: parent.playbackId, startTime: 0, endTime: 1000 }), 404, /no asset of yours/);
    await expectError(await createClip(token, { playbackId: "nosuchplaybackid", startTime: 0, endTime: 1000 }), 404, /no asset of yours/);
    const after = (await (await callRoute(routes.assetList.GET, "/api/asset", { token: other.token })).json()) as Asset[];
    expect(after).toEqual(before);
  });

  it("the livepeer SDK's stream.createClip works unchanged", async () => {
    // The SDK's requests are answered by the route handlers in this process.
    const handlers: Array<[RegExp, unknown]> = [
      [/^\/api\/clip$/, clipRoute.POST],
      [/^\/api\/asset\/([^/]+)$/, routes.assetById.GET],
      [/^\/api\/task\/([^/]+)$/, routes.taskById.GET],
    ];
    const httpClient = new HTTPClient({
      fetcher: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        const { pathname } = new URL(request.url);
        const [, handler] = handlers.find(([pattern]) => pattern.test(pathname))!;
        const id = handlers.map(([pattern]) => pattern.exec(pathname)?.[1]).find(Boolean);
        const body = request.method === "POST" ? await request.text() : undefined;
        return callRoute(handler, pathname, { method: request.method, headers: Object.fromEntries(request.headers), body, params: id ? { id } : {} });
      },
    });
    const sdk = new Livepeer({ apiKey: token, serverURL: `${ORIGIN}/api`, httpClient });
    const { data } = await sdk.stream.createClip({ playbackId: parent.playbackId, startTime: 20_000, endTime: 22_500, name: "By the SDK" });
    expect(data?.asset).toMatchObject({ name: "By the SDK", source: { type: "clip", sourceId: parent.id, playbackId: parent.playbackId } });
    expect(data?.asset.status?.phase).toBe("waiting");
    expect(data?.task.id).toMatch(/^[0-9a-f-]{36}$/);
    await t.app.runner.idle();
    const { asset } = await sdk.asset.get(data!.asset.id);
    expect(asset?.status?.phase).toBe("ready");
    expect(Math.abs(asset!.videoSpec!.duration! - 2.5)).toBeLessThanOrEqual(1 / FPS);
    const { task } = await sdk.task.get(data!.task.id!);
    expect(task).toMatchObject({ type: "clip", status: { phase: "completed" }, params: { clip: { clipStrategy: { startTime: 20_000, endTime: 22_500 }, inputId: parent.id } } });
  });
});
