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
    ["hevc-aac.mp4", "unsupported video codec hevc (hvc1); only H.264 is accepted"],
    ["vp9-opus.webm", "not an MP4 file"],
    ["h264-mp3.mp4", "unsupported audio codec mp3"],
    ["random.bin", "not an MP4 file"],
    ["truncated.mp4", "file is truncated"],
  ])("%s fails with a reason naming the problem, and the size of the file", async (file, reason) => {
    const asset = await uploadAndProcess(file);
    expect(asset.status).toBe("failed");
    expect(asset.errorMessage).toContain(reason);
    expect(asset.size).toBe(fixture(file).length);
    expect(asset).not.toHaveProperty("downloadUrl");
  });

  it("a refused MP4 says what it holds", async () => {
    const asset = await uploadAndProcess("hevc-aac.mp4");
    expect(asset.detectedFormat).toBe("MP4 with hevc (hvc1) video 320×240 and aac (mp4a.40.2) audio");
  });

  it("a failed upload's task is failed with the same message", async () => {
    const { url, task } = await requestUpload(token, "hevc");
    await putUpload(url, fixture("hevc-aac.mp4"));
    await t.app.runner.idle();
    const failed = await (await getTask(token, task.id)).json();
    expect(failed.status.phase).toBe("failed");
    expect(failed.status.errorMessage).toMatch(/hevc/);
  });
});
