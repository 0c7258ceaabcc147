import { describe, expect, it } from "vitest";
import { PlaybackSession } from "@/lib/client/playback-session";
import { parseSessionReport } from "@/lib/analytics/session-report";

const PAGE = {
  domain: "example.com",
  path: "/play/k3j9x0a8b7c6d5e4",
  userAgent: "test",
  sourceUrl: "https://example.com/api/hls/k3j9x0a8b7c6d5e4/index.m3u8",
};

function session() {
  let now = 1_000;
  const clock = { advance: (ms: number) => (now += ms) };
  return { player: new PlaybackSession("k3j9x0a8b7c6d5e4", PAGE, () => now), clock };
}

describe("our player's session reports", () => {
  it("says nothing until the viewer presses play", () => {
    const { player, clock } = session();
    clock.advance(5000);
    player.durationKnown(3);
    expect(player.take()).toBeUndefined();
  });

  it("reports in Livepeer's SessionData shape, which the service reads back: time to first frame once, deltas after", () => {
    const { player, clock } = session();
    clock.advance(800);
    player.play();
    clock.advance(300);
    player.playing();
    clock.advance(4000);
    const first = parseSessionReport(player.take()!.body);
    expect(first).toMatchObject({
      playbackId: "k3j9x0a8b7c6d5e4",
      sessionId: player.id,
      intent: true,
      started: true,
      playtimeMs: 4000,
      ttffMs: 300,
    });
    expect(JSON.parse(player.take()!.body).events.at(-1)).not.toHaveProperty("play_to_first_frame_ms");

    clock.advance(1000);
    player.waiting();
    clock.advance(250);
    player.playing();
    clock.advance(750);
    player.stalled();
    const second = parseSessionReport(player.take()!.body);
    expect(second).toMatchObject({ playtimeMs: 1750, waitingMs: 250, ttffMs: null, started: true });
  });

  it("carries a report that could not be sent into the next one, events and one-off times included", () => {
    const { player, clock } = session();
    player.play();
    clock.advance(200);
    player.playing();
    clock.advance(1000);
    player.take()!.putBack();
    clock.advance(1000);
    player.paused();
    const merged = JSON.parse(player.take()!.body);
    expect(merged.events.map((event: { type: string }) => event.type)).toEqual([
      "play",
      "first-frame",
      "pause",
      "heartbeat",
    ]);
    expect(merged.events.at(-1)).toMatchObject({ time_playing_ms: 2000, play_to_first_frame_ms: 200 });
    // Paused, with nothing new: nothing to send.
    clock.advance(5000);
    expect(player.take()).toBeUndefined();
  });

  it("reports an error as play intent without a start", () => {
    const { player } = session();
    player.error("MEDIA_ERR_SRC_NOT_SUPPORTED");
    expect(parseSessionReport(player.take()!.body)).toMatchObject({ intent: true, started: false, errors: 1 });
  });
});
