import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { setTimeout as delay } from "node:timers/promises";
import { Livepeer } from "livepeer";
import {
  BreakdownBy,
  GetCreatorViewershipMetricsQueryParamBreakdownBy,
  QueryParamBreakdownBy,
  TimeStep,
} from "livepeer/models/operations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { api, SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";

const run = promisify(execFile);
const FILE = fixture("h264-aac.mp4");
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15";

/**
 * A body exactly as `@livepeer/react` 4.3's reporter builds it (packages/core/src/media/metrics-new.ts):
 * JSON.stringify of its SessionData, with the events its buffer gathered since the last send.
 */
function livepeerSessionData(playbackId: string) {
  return JSON.stringify({
    live: false,
    session_id: "9d3b1c0e8a7f",
    playback_id: playbackId,
    protocol: "application/vnd.apple.mpegurl",
    domain: "shop.example",
    path: "/videos/42",
    params: "",
    hash: "",
    source_url: `https://cdn.shop.example/hls/${playbackId}/index.m3u8`,
    player: "hls",
    version: "4.3.6",
    user_agent: SAFARI,
    events: [
      { id: "p1", type: "play", timestamp: 1763740000000 },
      { id: "c1", type: "can-play", timestamp: 1763740000100 },
      { id: "f1", type: "first-frame", timestamp: 1763740000420 },
      { id: "e1", type: "error", timestamp: 1763740003000, message: "Failed to load segment", category: "unknown" },
      {
        id: "h1",
        type: "heartbeat",
        timestamp: 1763740005000,
        errors: 1,
        warnings: 0,
        stalled_count: 1,
        waiting_count: 1,
        time_warning_ms: 0,
        time_errored_ms: 120,
        time_stalled_ms: 180,
        time_playing_ms: 4000,
        time_waiting_ms: 220,
        autoplay_status: "none",
        mount_to_play_ms: 1500,
        mount_to_first_frame_ms: 1920,
        play_to_first_frame_ms: 420,
        duration_ms: 3000,
        video_height_px: 240,
        video_width_px: 320,
        player_height_px: 360,
        player_width_px: 640,
        window_height_px: 900,
        window_width_px: 1440,
      },
    ],
  });
}

/** Livepeer Studio's own SDK (`livepeer` 3.5), unchanged, reading the views a Livepeer player reported here. */
describe("the livepeer SDK's metrics calls", () => {
  let server: ServerProcess;
  let dataDir: string;
  let sdk: Livepeer;
  let playbackId: string;
  let assetId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-sdk-metrics-"));
    server = await startServer({ DATA_DIR: dataDir });
    sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
    const { data } = await sdk.asset.create({ name: "Watched" });
    expect((await fetch(data!.url, { method: "PUT", body: FILE })).status).toBe(200);
    for (let i = 0; i < 200 && (await sdk.asset.get(data!.asset.id)).asset?.status?.phase !== "ready"; i++)
      await delay(100);
    ({ id: assetId, playbackId } = data!.asset as { id: string; playbackId: string });
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes the player's text/plain report from another origin, and getViewership by browser returns the view as sent", async () => {
    const report = await fetch(`${server.url}/api/analytics/log`, {
      method: "POST",
      // What a browser sends for fetch(url, { method: "POST", mode: "cors", body: string }) from another site.
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        origin: "https://shop.example",
        referer: "https://shop.example/videos/42",
        "user-agent": SAFARI,
      },
      body: livepeerSessionData(playbackId),
    });
    expect(report.status).toBe(204);
    expect(report.headers.get("access-control-allow-origin")).toBe("*");

    const { data } = await sdk.metrics.getViewership({ playbackId, breakdownBy: [QueryParamBreakdownBy.Browser] });
    expect(data).toEqual([
      {
        playbackId,
        browser: "Safari",
        viewCount: 1,
        playtimeMins: 4000 / 60_000,
        ttffMs: 420,
        rebufferRatio: (220 + 180) / 4000,
        errorRate: 1,
        exitsBeforeStart: 0,
      },
    ]);
  });

  it("getViewership by day and every breakdown, getCreatorViewership, getPublicViewership and getRealtimeViewership work unchanged", async () => {
    const from = new Date(Date.now() - 7 * 86_400_000);
    const byDay = await sdk.metrics.getViewership({
      assetId,
      from,
      to: Date.now() + 60_000,
      timeStep: TimeStep.Day,
      breakdownBy: [
        QueryParamBreakdownBy.PlaybackId,
        QueryParamBreakdownBy.Os,
        QueryParamBreakdownBy.Device,
        QueryParamBreakdownBy.Country,
      ],
    });
    expect(byDay.data).toEqual([
      expect.objectContaining({
        playbackId,
        os: "macOS",
        device: "desktop",
        viewCount: 1,
        timestamp: Math.floor(Date.now() / 86_400_000) * 86_400_000,
      }),
    ]);
    expect(byDay.data![0]).not.toHaveProperty("country");

    const creator = await sdk.metrics.getCreatorViewership({
      assetId,
      breakdownBy: [GetCreatorViewershipMetricsQueryParamBreakdownBy.Browser],
    });
    expect(creator.data).toEqual([{ playbackId, browser: "Safari", viewCount: 1, playtimeMins: 4000 / 60_000 }]);

    const unauthenticated = new Livepeer({ serverURL: `${server.url}/api` });
    const total = await unauthenticated.metrics.getPublicViewership(playbackId);
    expect(total.data).toEqual({ playbackId, viewCount: 1, playtimeMins: 4000 / 60_000 });

    const now = await sdk.metrics.getRealtimeViewership(playbackId, undefined, [BreakdownBy.Browser]);
    expect(now.data).toEqual([{ browser: "Safari", viewCount: 1, errorRate: 1 }]);
    const everyone = await sdk.metrics.getRealtimeViewership();
    expect(everyone.data).toEqual([{ viewCount: 1, errorRate: 1 }]);
  });

  it("another user's key sees none of the views", async () => {
    // Another account, made at the server's console as an operator would (npm run token:create).
    const { stdout } = await run("npx", ["tsx", "scripts/create-token.ts", "--email", "someone-else@example.com"], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    });
    const other = new Livepeer({ apiKey: stdout.trim().split("\n").at(-1)!, serverURL: `${server.url}/api` });
    await expect(other.metrics.getViewership({ playbackId })).rejects.toThrow(/404/);
    await expect(other.metrics.getViewership({ assetId })).rejects.toThrow(/404/);
    await expect(other.metrics.getCreatorViewership({ assetId })).rejects.toThrow(/404/);
    expect((await other.metrics.getViewership({ breakdownBy: [QueryParamBreakdownBy.PlaybackId] })).data).toEqual([]);
    expect((await other.metrics.getRealtimeViewership()).data).toEqual([{ viewCount: 0, errorRate: 0 }]);
    // The owner's own key still sees its view.
    expect((await (await api(server, "/api/data/views/query")).json())[0]).toMatchObject({ viewCount: 1 });
  });
});
