import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegInstalled } from "../helpers/media-tools";
import { api, startServer, type ServerProcess } from "../helpers/server-process";

async function poll<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await delay(100);
  }
}

/**
 * The real server (`next start`) killed with SIGKILL while it cuts a clip, then started again on
 * the same data: the clip task is taken up again and the clip becomes ready.
 */
describe.skipIf(!ffmpegInstalled)("a clip task survives a kill -9", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-clip-crash-"));
    // ffmpeg as installed, except that while `slow` exists a clip's pieces (MPEG-TS) wait first: the kill lands mid-cut.
    const ffmpeg = path.join(dataDir, "ffmpeg");
    fs.writeFileSync(
      ffmpeg,
      `#!/bin/sh\ncase " $* " in *" mpegts "*) if [ -e "${dataDir}/slow" ]; then touch "${dataDir}/started"; sleep 30; fi;; esac\nexec ffmpeg "$@"\n`,
      { mode: 0o755 },
    );
    env = { DATA_DIR: path.join(dataDir, "data"), FFMPEG_PATH: ffmpeg, FFPROBE_PATH: "ffprobe", TRANSCODE_PRESET: "ultrafast" };
  });
  afterAll(async () => {
    await server?.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is taken up again at the next start and the clip becomes ready, 3 s long", async () => {
    // Made before the server starts: a synchronous ffmpeg run after it would block this process
    // past the server's 5 s keep-alive, and the next request would go out on a socket it had closed.
    const source = path.join(dataDir, "source.mp4");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine", "-t", "8", "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-c:a", "aac", "-shortest", "-y", source]);
    server = await startServer(env);
    const { url, asset: parent } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "parent" } })).json();
    expect((await fetch(url, { method: "PUT", body: fs.readFileSync(source) })).status).toBe(200);
    const ready = await poll(async () => (await (await api(server!, `/api/asset/${parent.id}`)).json()).status, (s) => s === "ready" || s === "failed", 60_000);
    expect(ready).toBe("ready");

    fs.writeFileSync(path.join(dataDir, "slow"), "");
    const created = await (await api(server, "/api/clip", { method: "POST", json: { playbackId: parent.playbackId, startTime: 1300, endTime: 4300 } })).json();
    expect(await poll(async () => fs.existsSync(path.join(dataDir, "started")), Boolean, 60_000)).toBe(true);
    expect((await (await api(server, `/api/task/${created.task.id}`)).json()).status.phase).toBe("running");

    await server.kill("SIGKILL");
    fs.rmSync(path.join(dataDir, "slow"));
    server = await startServer(env, server.port);
    const task = await poll(async () => (await api(server!, `/api/task/${created.task.id}`)).json(), (t) => ["completed", "failed"].includes(t.status.phase), 90_000);
    expect(task.status).toMatchObject({ phase: "completed", progress: 1 });
    const clip = await (await api(server, `/api/asset/${created.asset.id}`)).json();
    expect(clip).toMatchObject({ status: "ready", source: { type: "clip", sourceId: parent.id } });
    expect(Math.abs(clip.videoSpec.duration - 3)).toBeLessThanOrEqual(1 / 25);
  });
});
