import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "@/lib/assets/schemas";
import { getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { eventually } from "../helpers/eventually";
import { ffmpegInstalled } from "../helpers/media-tools";
import { startMediaServer } from "../helpers/media-http";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { makeTranscodeSource } from "../helpers/transcode-media";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-refusals-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

function ffmpeg(args: string[]): void {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
}

async function settle(token: string, file: string, type = "video/quicktime"): Promise<Asset> {
  const { url, asset } = await requestUpload(token, path.basename(file));
  expect((await putUpload(url, fs.readFileSync(file), { "content-type": type })).status).toBe(200);
  return eventually(async () => {
    const got: Asset = await (await getAsset(token, asset.id)).json();
    return got.status === "ready" || got.status === "failed" ? got : undefined;
  }, 60_000, "the asset to settle");
}

describe.skipIf(!ffmpegInstalled)("files ffmpeg cannot make a video of fail with a precise reason", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp("pglite", { TRANSCODE_PRESET: "ultrafast", MAX_DURATION_S: "60" });
    ({ token } = await t.createUser());
  });
  afterAll(() => t?.close());

  it("audio only (MP3): no video track", async () => {
    const file = path.join(mediaDir, "song.mp3");
    ffmpeg(["-f", "lavfi", "-i", "sine=duration=2", "-c:a", "libmp3lame", file]);
    expect(await settle(token, file, "audio/mpeg")).toMatchObject({ status: "failed", errorMessage: "the file has no video track" });
  });

  it("a still image (PNG, JPEG): not a video", async () => {
    for (const [name, codec] of [["frame.png", "png"], ["frame.jpg", "mjpeg"]] as const) {
      const file = path.join(mediaDir, name);
      ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", file]);
      expect(await settle(token, file, "video/mp4")).toMatchObject({ status: "failed", errorMessage: `the file is a still image (${codec}), not a video` });
    }
  });

  it("random bytes: not a video ffmpeg can read", async () => {
    const file = path.join(mediaDir, "noise.mov");
    fs.writeFileSync(file, Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251)));
    expect((await settle(token, file)).errorMessage).toMatch(/^the file is not a video ffmpeg can read \(/);
  });

  it("a MOV cut short before its moov: truncated", async () => {
    const whole = makeTranscodeSource(mediaDir, "prores-pcm.mov");
    const file = path.join(mediaDir, "cut.mov");
    fs.writeFileSync(file, fs.readFileSync(whole).subarray(0, Math.floor(fs.statSync(whole).size / 2)));
    expect((await settle(token, file)).errorMessage).toMatch(/truncated/);
  });

  it("an 8192×8192 frame: over MAX_VIDEO_PIXELS", async () => {
    const file = path.join(mediaDir, "huge.mkv");
    ffmpeg(["-f", "lavfi", "-i", "color=size=8192x8192:rate=1:duration=1", "-c:v", "mjpeg", "-q:v", "31", file]);
    expect(await settle(token, file, "video/x-matroska")).toMatchObject({
      status: "failed",
      errorMessage: "the video is 8192×8192, more than 33177600 pixels a frame (MAX_VIDEO_PIXELS)",
    });
  });

  it("a video longer than MAX_DURATION_S", async () => {
    const file = path.join(mediaDir, "long.mkv");
    ffmpeg(["-f", "lavfi", "-i", "color=size=64x64:rate=1:duration=90", "-c:v", "mpeg4", file]);
    expect((await settle(token, file, "video/x-matroska")).errorMessage).toBe("the video lasts 90 s, longer than 60 s (MAX_DURATION_S)");
  });
});

/** An ffmpeg that checks files as the real one does (decoding to null) and fails every encode. */
function writeEncodeFailingFfmpeg(dir: string): string {
  const file = path.join(dir, "ffmpeg-that-cannot-encode");
  fs.writeFileSync(file, '#!/bin/sh\nfor a in "$@"; do [ "$a" = null ] && exec ffmpeg "$@"; [ "$a" = -version ] && exec ffmpeg "$@"; done\necho "broken on purpose" >&2\nexit 1\n', { mode: 0o755 });
  return file;
}

describe.skipIf(!ffmpegInstalled)("a segment that cannot be made", () => {
  let t: TestApp;
  let token: string;
  let server: Awaited<ReturnType<typeof startMediaServer>>;

  beforeAll(async () => {
    t = await startTestApp("pglite", { FFMPEG_PATH: writeEncodeFailingFfmpeg(mediaDir), FFPROBE_PATH: "ffprobe", TRANSCODE_CONCURRENCY: "1" });
    ({ token } = await t.createUser());
    server = await startMediaServer();
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it("answers 503 with the reason, the asset stays ready, and the transcode-file task fails with it", async () => {
    const asset = await settle(token, makeTranscodeSource(mediaDir, "hevc-silent.mp4"), "video/mp4");
    expect(asset.status).toBe("ready");
    const tasks: Array<{ id: string; type: string; status: { phase: string; errorMessage?: string } }> = await (
      await callRoute(routes.taskList.GET, `/api/task?assetId=${asset.id}`, { token })
    ).json();
    const transcodeId = tasks.find((task) => task.type === "transcode-file")!.id;
    const failed = await eventually(async () => {
      const listed: typeof tasks = await (await callRoute(routes.taskList.GET, `/api/task?assetId=${asset.id}`, { token })).json();
      const task = listed.find((x) => x.id === transcodeId);
      return task?.status.phase === "failed" ? task : undefined;
    }, 60_000, "the transcode-file task to fail");
    expect(failed.status.errorMessage).toMatch(/^segment \d+ of t0 could not be made: ffmpeg exited with 1: broken on purpose$/);
    const segment = await fetch(`${server.origin}/api/hls/${asset.playbackId}/t0-1/0.m4s`);
    expect(segment.status).toBe(503);
    expect((await segment.json()).errors[0]).toMatch(/could not be made: ffmpeg exited with 1: broken on purpose/);
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");
  });
});
