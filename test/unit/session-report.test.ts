import { describe, expect, it } from "vitest";
import { parseSessionReport } from "@/lib/analytics/session-report";
import { ApiError } from "@/lib/api/errors";

/** A body as `@livepeer/react` 4.3's metrics reporter builds it (packages/core/src/media/metrics-new.ts). */
const livepeerBody = {
  live: false,
  session_id: "1f0c9b7e3d2a",
  playback_id: "k3j9x0a8b7c6d5e4",
  protocol: "application/vnd.apple.mpegurl",
  domain: "example.com",
  path: "/watch",
  params: "?v=1",
  hash: "",
  source_url: "https://example.com/hls/k3j9x0a8b7c6d5e4/index.m3u8",
  player: "hls",
  version: "4.3.6",
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  events: [
    { id: "e1", type: "play", timestamp: 1 },
    { id: "e2", type: "can-play", timestamp: 2 },
    { id: "e3", type: "first-frame", timestamp: 3 },
    { id: "e4", type: "rate", timestamp: 4, payload: "constant" },
    {
      id: "e5",
      type: "heartbeat",
      timestamp: 5,
      errors: 0,
      warnings: 0,
      stalled_count: 1,
      waiting_count: 2,
      time_warning_ms: 0,
      time_errored_ms: 0,
      time_stalled_ms: 150,
      time_playing_ms: 4000,
      time_waiting_ms: 350,
      autoplay_status: "none",
      mount_to_play_ms: 900,
      mount_to_first_frame_ms: 1250,
      play_to_first_frame_ms: 350,
      duration_ms: 30000,
      player_width_px: 640,
    },
    { id: "e6", type: "error", timestamp: 6, message: "media error", category: "unknown" },
  ],
};

function status(body: string): number {
  try {
    parseSessionReport(body);
    return 200;
  } catch (error) {
    return (error as ApiError).status;
  }
}

describe("a player's SessionData report", () => {
  it("reads Livepeer's player's body: play intent, first frame, sums and the one-off time to first frame", () => {
    expect(parseSessionReport(JSON.stringify(livepeerBody))).toEqual({
      sessionId: "1f0c9b7e3d2a",
      playbackId: "k3j9x0a8b7c6d5e4",
      uid: undefined,
      userAgent: livepeerBody.user_agent,
      domain: "example.com",
      intent: true,
      started: true,
      playtimeMs: 4000,
      waitingMs: 350,
      stalledMs: 150,
      errors: 1,
      ttffMs: 350,
    });
  });

  it("adds up the heartbeats the player merged after a failed send, and keeps the first time to first frame", () => {
    const beat = { type: "heartbeat", time_playing_ms: 1000, time_waiting_ms: 10, play_to_first_frame_ms: 200 };
    const report = parseSessionReport(
      JSON.stringify({ ...livepeerBody, events: [beat, { ...beat, play_to_first_frame_ms: 900 }] }),
    );
    expect(report).toMatchObject({ playtimeMs: 2000, waitingMs: 20, ttffMs: 200, errors: 0 });
  });

  it("is no view while the viewer has not pressed play: a page that only loaded the player", () => {
    const idle = {
      type: "heartbeat",
      errors: 0,
      stalled_count: 0,
      waiting_count: 0,
      time_playing_ms: 0,
      time_waiting_ms: 0,
      time_stalled_ms: 0,
      time_errored_ms: 0,
      mount_to_first_frame_ms: 800,
      autoplay_status: "none",
    };
    expect(parseSessionReport(JSON.stringify({ ...livepeerBody, events: [idle, { type: "can-play" }] }))).toMatchObject(
      { intent: false, started: false },
    );
  });

  it("counts an error or a stall as play intent, without a start", () => {
    expect(
      parseSessionReport(JSON.stringify({ ...livepeerBody, events: [{ type: "error", message: "403" }] })),
    ).toMatchObject({ intent: true, started: false, errors: 1 });
    expect(
      parseSessionReport(JSON.stringify({ ...livepeerBody, events: [{ type: "heartbeat", stalled_count: 1 }] })),
    ).toMatchObject({ intent: true, started: false });
  });

  it("takes the player's uid as the viewer, and ignores fields and events it does not know", () => {
    const report = parseSessionReport(
      JSON.stringify({
        ...livepeerBody,
        uid: "viewer-42",
        future_field: { a: 1 },
        events: [{ type: "picture-in-picture-v2", x: 1 }],
      }),
    );
    expect(report).toMatchObject({ uid: "viewer-42", intent: false });
  });

  it("refuses what is not a SessionData with 400, naming the field", () => {
    expect(status("not json")).toBe(400);
    expect(status("[]")).toBe(400);
    expect(status(JSON.stringify({ ...livepeerBody, session_id: 7 }))).toBe(400);
    expect(status(JSON.stringify({ ...livepeerBody, playback_id: undefined }))).toBe(400);
    expect(status(JSON.stringify({ ...livepeerBody, events: "none" }))).toBe(400);
    expect(status(JSON.stringify({ ...livepeerBody, events: [5] }))).toBe(400);
    expect(status(JSON.stringify({ ...livepeerBody, session_id: "a\u0000b" }))).toBe(400);
    expect(() =>
      parseSessionReport(JSON.stringify({ ...livepeerBody, events: [{ type: "heartbeat", time_playing_ms: -5 }] })),
    ).toThrow(/events\.0\.time_playing_ms/);
    expect(() =>
      parseSessionReport(JSON.stringify({ ...livepeerBody, events: [{ type: "heartbeat", errors: "many" }] })),
    ).toThrow(/events\.0\.errors/);
  });
});
