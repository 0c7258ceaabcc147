import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, getAsset, getTask, putUpload, requestUpload } from "../helpers/api";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { expectedCid } from "../helpers/ipfs-cid";
import { storageMatrix } from "../helpers/s3-server";

describe.each(storageMatrix)("upload flow on %s with %s storage", (kind, storage) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, storage);
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  async function uploadAndProcess(file: string) {
    const { url, asset } = await requestUpload(token, file);
    const put = await putUpload(url, fixture(file), { "content-type": "video/mp4" });
    expect(put.status).toBe(200);
    await t.app.runner.idle();
    const response = await getAsset(token, asset.id);
    expect(response.status).toBe(200);
    return response.json();
  }

  it("request-upload returns a waiting asset, a pending upload task and a signed URL", async () => {
    const { url, asset, task } = await requestUpload(token, "Holiday");
    expect(asset).toMatchObject({ name: "Holiday", status: "waiting" });
    expect(asset.playbackId).toMatch(/^[0-9a-z]{16}$/);
    expect(asset).not.toHaveProperty("size");
    expect(asset).not.toHaveProperty("downloadUrl");
    expect(task).toMatchObject({ type: "upload", inputAssetId: asset.id, status: { phase: "pending", progress: 0 } });
    if (storage === "local") {
      expect(url).toMatch(new RegExp(`^http://service\\.test/api/storage/upload/${asset.id}\\?`));
      expect(new URL(url).searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
    } else {
      expect(url.startsWith(`${t.bucket!.endpoint}/${t.bucket!.bucket}/uploads/${asset.id}?`)).toBe(true);
      expect(new URL(url).searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("an H.264/AAC MP4 becomes ready with size, sha256 and videoSpec", async () => {
    const bytes = fixture("h264-aac.mp4");
    const asset = await uploadAndProcess("h264-aac.mp4");
    expect(asset.status).toBe("ready");
    expect(asset.size).toBe(bytes.length);
    expect(asset.hash).toEqual([
      { algorithm: "sha256", hash: createHash("sha256").update(bytes).digest("hex") },
      { algorithm: "cidv1", hash: await expectedCid(bytes) },
      { algorithm: "md5", hash: createHash("md5").update(bytes).digest("hex") },
    ]);
    expect(asset.videoSpec.format).toBe("mp4");
    expect(asset.videoSpec.duration).toBeCloseTo(2, 0);
    expect(asset.videoSpec.tracks).toEqual([
      expect.objectContaining({ type: "video", codec: "h264", width: 320, height: 240, fps: 25 }),
      expect.objectContaining({ type: "audio", codec: "aac", sampleRate: 44100, channels: 1 }),
    ]);
    const downloadPrefix =
      storage === "local" ? "http://service.test/api/storage/download/" : `${t.bucket!.endpoint}/${t.bucket!.bucket}/assets/`;
    expect(asset.downloadUrl.startsWith(downloadPrefix)).toBe(true);
    expect(asset).not.toHaveProperty("errorMessage");
  });

  it("the upload task completes with progress 1 and the upload output", async () => {
    const { url, asset, task } = await requestUpload(token, "with task");
    await putUpload(url, fixture("h264-aac.mp4"));
    await t.app.runner.idle();
    const done = await (await getTask(token, task.id)).json();
    expect(done.status).toMatchObject({ phase: "completed", progress: 1, retries: 0 });
    expect(done.output.upload).toMatchObject({ size: fixture("h264-aac.mp4").length });
    expect(done.inputAssetId).toBe(asset.id);
  });

  it.each(["h264-aac-moov-end.mp4", "h264-video-only.mp4"])("%s becomes ready", async (file) => {
    const asset = await uploadAndProcess(file);
    expect(asset.status).toBe("ready");
    expect(asset.videoSpec.tracks[0]).toMatchObject({ type: "video", codec: "h264" });
  });

  it.each([
    ["aac-only.mp4", "the file has no video track"],
    ["random.bin", "the file is not a video ffmpeg can read (Invalid data found when processing input)"],
    ["truncated.mp4", "file is truncated"],
  ])("%s fails with a reason naming the problem, and the size of the file", async (file, reason) => {
    const asset = await uploadAndProcess(file);
    expect(asset.status).toBe("failed");
    expect(asset.errorMessage).toBe(reason);
    expect(asset.size).toBe(fixture(file).length);
    expect(asset).not.toHaveProperty("downloadUrl");
  });

  it.each(["hevc-aac.mp4", "vp9-opus.webm", "h264-mp3.mp4", "h264-pcm.mov"])("%s, refused without ffmpeg, is ready and transcoded", async (file) => {
    const asset = await uploadAndProcess(file);
    expect(asset.status).toBe("ready");
    expect(asset.size).toBe(fixture(file).length);
    const detail = await (await getAsset(token, asset.id)).json();
    expect(detail.renditions).toEqual([expect.objectContaining({ name: "360p0", width: 320, height: 240 })]);
  });

  it("a refused file says what it holds", async () => {
    const asset = await uploadAndProcess("aac-only.mp4");
    expect(asset.detectedFormat).toBe("mov,mp4,m4a,3gp,3g2,mj2 with aac audio");
  });

  it("a failed upload's task is failed with the same message", async () => {
    const { url, task } = await requestUpload(token, "sound only");
    await putUpload(url, fixture("aac-only.mp4"));
    await t.app.runner.idle();
    const failed = await (await getTask(token, task.id)).json();
    expect(failed.status.phase).toBe("failed");
    expect(failed.status.errorMessage).toBe("the file has no video track");
  });
});

describe("upload flow without ffmpeg: today's rule, and the reason says what ffmpeg would do", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp("pglite", { FFMPEG_PATH: "/nonexistent/ffmpeg" });
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  it.each([
    ["hevc-aac.mp4", "unsupported video codec hevc (hvc1); only H.264 is accepted (this server has no ffmpeg; with it, the file would be transcoded)"],
    ["vp9-opus.webm", "not an MP4 file"],
    ["h264-mp3.mp4", "unsupported audio codec mp3"],
    ["random.bin", "not an MP4 file"],
    ["truncated.mp4", "file is truncated"],
  ])("%s fails with a reason naming the problem", async (file, reason) => {
    const { url, asset } = await requestUpload(token, file);
    await putUpload(url, fixture(file), { "content-type": "video/mp4" });
    await t.app.runner.idle();
    const failed = await (await getAsset(token, asset.id)).json();
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toContain(reason);
  });

  it("an H.264/AAC MP4 is ready, played as uploaded, with no ladder", async () => {
    const { url, asset } = await requestUpload(token, "h264");
    await putUpload(url, fixture("h264-aac.mp4"), { "content-type": "video/mp4" });
    await t.app.runner.idle();
    const ready = await (await getAsset(token, asset.id)).json();
    expect(ready.status).toBe("ready");
    expect(ready).not.toHaveProperty("renditions");
  });
});
