import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Livepeer } from "livepeer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegInstalled } from "../helpers/media-tools";
import { SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";

/** Livepeer's SDK, unchanged, asking for its own ladder (issue 34, acceptance 2). */
describe.skipIf(!ffmpegInstalled)("the livepeer SDK's profiles", () => {
  let server: ServerProcess;
  let dataDir: string;
  let sdk: Livepeer;
  let file: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-sdk-"));
    const source = path.join(dataDir, "h264.mp4");
    const made = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac", "-shortest", source]);
    expect(made.status).toBe(0);
    file = fs.readFileSync(source);
    server = await startServer({ DATA_DIR: dataDir, TRANSCODE_PRESET: "ultrafast" });
    sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("asset.create with a 240p 400 kb/s 15 fps profile gives exactly that rung beside the H.264 source's", async () => {
    const { data } = await sdk.asset.create({ name: "SDK ladder", profiles: [{ name: "240p0", width: 426, height: 240, bitrate: 400_000, fps: 15 }] });
    expect((await fetch(data!.url, { method: "PUT", body: new Uint8Array(file) })).status).toBe(200);
    let phase: string | undefined;
    for (let i = 0; i < 300 && phase !== "ready" && phase !== "failed"; i++) {
      phase = (await sdk.asset.get(data!.asset.id)).asset?.status?.phase;
      if (phase !== "ready") await delay(100);
    }
    expect(phase).toBe("ready");
    const master = await (await fetch(`${server.url}/api/hls/${data!.asset.playbackId}/index.m3u8`)).text();
    const variants = [...master.matchAll(/RESOLUTION=(\d+x\d+),FRAME-RATE=([\d.]+)/g)].map(([, size, fps]) => `${size}@${fps}`);
    expect(variants).toEqual(["426x240@15.000", "640x360@30.000"]);

    const tasks = await sdk.task.getAll();
    const transcode = tasks.data?.find((task) => task.inputAssetId === data!.asset.id && task.type === "transcode-file");
    expect(transcode?.params).toMatchObject({ transcodeFile: { profiles: [expect.objectContaining({ name: "240p0", width: 426, height: 240, fps: 15 })] } });
  });

  it("encoder VP9 answers 422 naming the field", async () => {
    const refused = await fetch(`${server.url}/api/asset/request-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${SERVER_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "VP9", profiles: [{ name: "720p", width: 1280, height: 720, bitrate: 3_000_000, encoder: "VP9" }] }),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual(["profiles.0.encoder: VP9 is not supported: renditions are H.264"]);
    await expect(sdk.asset.create({ name: "VP9 by the SDK", profiles: [{ width: 1280, height: 720, bitrate: 3_000_000, encoder: "VP9" as never }] })).rejects.toThrow(/422|VP9 is not supported/);
  });
});
