import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStoryboard } from "@/inngest/functions/make-storyboard";
import { processUpload } from "@/inngest/functions/process-upload";
import { storyboardKey } from "@/lib/playback/make-storyboard";
import { transcodeFile } from "@/inngest/functions/transcode-file";
import { getAsset, getTask, putUpload, requestUpload } from "../helpers/api";
import { lastEvent, startInngestDouble, type InngestDouble } from "../helpers/inngest-double";
import { ffmpegInstalled, makeTestVideo } from "../helpers/media-tools";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { makeTranscodeSource } from "../helpers/transcode-media";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-inngest-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/**
 * On Inngest there is no background pool: the transcode-file function's steps make the segments,
 * in lanes side by side, each a named step (run here by @inngest/test, as the Inngest server would).
 */
describe.skipIf(!ffmpegInstalled)("transcoding on Inngest", () => {
  let inngestServer: InngestDouble;
  let t: TestApp;
  let token: string;


  beforeAll(async () => {
    inngestServer = await startInngestDouble();
    t = await startTestApp("pglite", { INNGEST_DEV: "1", INNGEST_BASE_URL: inngestServer.url, TRANSCODE_PRESET: "ultrafast" });
    ({ token } = await t.createUser());
  });
  afterAll(async () => {
    await t?.close();
    await inngestServer?.close();
  });

  it("the upload function queues transcode-file, whose parallel steps make every segment; the task completes", async () => {
    const { url, asset } = await requestUpload(token, "On Inngest");
    expect((await putUpload(url, fs.readFileSync(makeTranscodeSource(mediaDir, "vp9-opus.webm")), { "content-type": "video/webm" })).status).toBe(200);
    const upload = await new InngestTestEngine({ function: processUpload, events: [lastEvent(inngestServer, "video-assets/upload.queued")] }).execute();
    expect(upload.error).toBeUndefined();
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");

    const queued = lastEvent(inngestServer, "video-assets/transcode-file.queued");
    const { error, ctx } = await new InngestTestEngine({ function: transcodeFile, events: [queued] }).execute();
    expect(error).toBeUndefined();
    const steps = ctx.step.run.mock.calls.map((call) => call[0]);
    expect(steps).toEqual(expect.arrayContaining(["load-asset", "segments-0-0", "segments-1-0", "segments-2-0", "segments-3-0", "await-segments", "record-done"]));

    const task = await (await getTask(token, (queued.data as { taskId: string }).taskId)).json();
    expect(task).toMatchObject({ type: "transcode-file", status: { phase: "completed", progress: 1 } });
    const detail = await (await getAsset(token, asset.id)).json();
    for (const rung of detail.renditions) expect(rung.segments.made).toBe(rung.segments.total);
    expect(task.output["transcode-file"].segments).toBe(detail.renditions.reduce((sum: number, r: { segments: { total: number } }) => sum + r.segments.total, 0) + 2);
  });

  it("the upload function queues the storyboard, whose function makes it before anyone asks for it", async () => {
    const { url, asset } = await requestUpload(token, "Storyboard on Inngest");
    expect((await putUpload(url, fs.readFileSync(makeTestVideo(mediaDir, "long-gop")), { "content-type": "video/mp4" })).status).toBe(200);
    const upload = await new InngestTestEngine({ function: processUpload, events: [lastEvent(inngestServer, "video-assets/upload.queued")] }).execute();
    expect(upload.error).toBeUndefined();
    expect(await t.app.storage.stat(storyboardKey(asset.id, "storyboard.vtt"))).toBeUndefined();

    const { error, ctx } = await new InngestTestEngine({ function: makeStoryboard, events: [lastEvent(inngestServer, "video-assets/storyboard.queued")] }).execute();
    expect(error).toBeUndefined();
    expect(ctx.step.run.mock.calls.map((call) => call[0])).toEqual(expect.arrayContaining(["make-storyboard", "record-done"]));
    expect(await t.app.storage.stat(storyboardKey(asset.id, "storyboard.vtt"))).toBeDefined();
    expect(await t.app.storage.stat(storyboardKey(asset.id, "storyboard.jpg"))).toBeDefined();
  });
});
