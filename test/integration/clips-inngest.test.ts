import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clipRoute from "@/app/api/clip/route";
import { clipAsset } from "@/inngest/functions/clip-asset";
import { processUpload } from "@/inngest/functions/process-upload";
import { getAsset, getTask, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { lastEvent, startInngestDouble, type InngestDouble } from "../helpers/inngest-double";
import { ffmpegInstalled } from "../helpers/media-tools";
import { startTestApp, type TestApp } from "../helpers/test-app";

/** On Inngest, a clip is its own function: the cut and each part of the upload check a named step. */
describe.skipIf(!ffmpegInstalled)("clips on Inngest", () => {
  let inngestServer: InngestDouble;
  let t: TestApp;
  let token: string;
  let dir: string;


  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-clips-inngest-"));
    inngestServer = await startInngestDouble();
    t = await startTestApp("pglite", { INNGEST_DEV: "1", INNGEST_BASE_URL: inngestServer.url, TRANSCODE_PRESET: "ultrafast" });
    ({ token } = await t.createUser());
  });
  afterAll(async () => {
    await t?.close();
    await inngestServer?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("POST /api/clip sends clip.queued; the clip-asset function cuts, checks and readies the clip", async () => {
    const source = path.join(dir, "source.mp4");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-y", source]);
    const { url, asset: parent } = await requestUpload(token, "Parent");
    expect((await putUpload(url, fs.readFileSync(source), { "content-type": "video/mp4" })).status).toBe(200);
    expect((await new InngestTestEngine({ function: processUpload, events: [lastEvent(inngestServer, "video-assets/upload.queued")] }).execute()).error).toBeUndefined();

    const created = await (await callRoute(clipRoute.POST, "/api/clip", { token, json: { playbackId: parent.playbackId, startTime: 1500, endTime: 4500 } })).json();
    const queued = lastEvent(inngestServer, "video-assets/clip.queued");
    expect(queued.data).toEqual({ taskId: created.task.id, userId: parent.userId });
    const { error, ctx } = await new InngestTestEngine({ function: clipAsset, events: [queued] }).execute();
    expect(error).toBeUndefined();
    expect(ctx.step.run.mock.calls.map((call) => call[0])).toEqual(expect.arrayContaining(["cut-clip", "probe-mp4", "hash-file", "record-ready"]));
    expect(await (await getTask(token, created.task.id)).json()).toMatchObject({ type: "clip", status: { phase: "completed", progress: 1 } });
    const clip = await (await getAsset(token, created.asset.id)).json();
    expect(clip).toMatchObject({ status: "ready", name: "Clip of Parent", source: { type: "clip", sourceId: parent.id } });
    expect(Math.abs(clip.videoSpec.duration - 3)).toBeLessThanOrEqual(1 / 25);
  });
});
