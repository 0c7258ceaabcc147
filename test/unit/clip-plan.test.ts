import { describe, expect, it } from "vitest";
import { frameStartAt, planClip } from "@/lib/clips/clip-plan";
import type { VideoPacket } from "@/lib/media/probe-media";

/** 30 fps, a keyframe every `gop` frames, from frame `from` to frame `to`. */
function packets(from: number, to: number, gop: number): VideoPacket[] {
  return Array.from({ length: to - from }, (_, i) => ({ time: (from + i) / 30, key: (from + i) % gop === 0 }));
}

describe("planClip", () => {
  it("copies the whole GOPs inside the clip and encodes only the partial ones at its edges", () => {
    expect(planClip(packets(120, 390, 60), 4.2, 11.7, 30)).toEqual([
      { kind: "encode", start: 4.2, end: 6, frames: 54 },
      { kind: "copy", start: 6, end: 10, frames: 120 },
      { kind: "encode", start: 10, end: 11.7, frames: 51 },
    ]);
  });

  it("encodes nothing when the clip starts and ends on keyframes", () => {
    expect(planClip(packets(120, 390, 60), 4, 10, 30)).toEqual([{ kind: "copy", start: 4, end: 10, frames: 180 }]);
  });

  it("encodes the whole clip when it holds no whole GOP, or when the video cannot be copied (no packets)", () => {
    expect(planClip(packets(120, 390, 60), 4.2, 5.9, 30)).toEqual([{ kind: "encode", start: 4.2, end: 5.9, frames: 51 }]);
    expect(planClip(packets(120, 390, 60), 4.2, 7, 30)).toEqual([{ kind: "encode", start: 4.2, end: 7, frames: 84 }]);
    expect(planClip([], 4.2, 11.7, 30)).toEqual([{ kind: "encode", start: 4.2, end: 11.7, frames: 225 }]);
  });

  it("starts on the frame shown at the start time", () => {
    expect(frameStartAt(4.21, 30)).toBeCloseTo(4.2, 9);
    expect(frameStartAt(4.2, 30)).toBeCloseTo(4.2, 9);
    expect(frameStartAt(0.039, 25)).toBe(0);
  });
});
