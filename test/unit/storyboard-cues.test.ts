import { describe, expect, it } from "vitest";
import { clockTime, cueAt, parseStoryboard } from "@/lib/client/storyboard-cues";

const VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
storyboard.jpg?token=abc#xywh=0,0,160,90

00:00:05.000 --> 00:00:10.000
storyboard.jpg?token=abc#xywh=160,0,160,90

00:00:10.000 --> 00:00:12.480
storyboard.jpg?token=abc#xywh=320,0,160,90
`;

describe("a storyboard's cues, as the player reads them", () => {
  const cues = parseStoryboard(VTT, "https://videos.example/api/playback/abc/storyboard.vtt?token=abc");

  it("reads each cue's times and tile, its sprite resolved against the WebVTT's URL with the token kept", () => {
    expect(cues).toHaveLength(3);
    expect(cues[2]).toEqual({ start: 10, end: 12.48, sprite: "https://videos.example/api/playback/abc/storyboard.jpg?token=abc", x: 320, y: 0, width: 160, height: 90 });
    expect(parseStoryboard(VTT.replaceAll("\n", "\r\n"), "https://videos.example/s.vtt")).toHaveLength(3);
  });

  it("finds the tile of a time: the cue it falls in, the last at the very end", () => {
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 4.99)?.x).toBe(0);
    expect(cueAt(cues, 5)?.x).toBe(160);
    expect(cueAt(cues, 12.48)?.x).toBe(320);
    expect(cueAt([], 3)).toBeUndefined();
  });

  it("shows times as players do", () => {
    expect([clockTime(0), clockTime(65.9), clockTime(3725)]).toEqual(["0:00", "1:05", "1:02:05"]);
  });
});
