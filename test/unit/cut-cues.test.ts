import { describe, expect, it } from "vitest";
import { cutCues } from "@/lib/captions/cut-cues";
import type { Cue } from "@/lib/captions/parse-subtitles";

const cues: Cue[] = [
  { start: 1000, end: 3000, text: "before the clip" },
  { id: "edge", start: 4000, end: 5000, settings: "line:0", text: "across the start" },
  { start: 6000, end: 7000, text: "inside" },
  { start: 11_500, end: 12_500, text: "across the end" },
  { start: 11_700, end: 13_000, text: "from the end on" },
  { start: 3000, end: 4200, text: "ends where the clip starts" },
];

describe("cutCues: a track cut to a clip's [start, end)", () => {
  it("keeps the cues shown inside, moved to the clip's timeline, those across an edge cut to it", () => {
    expect(cutCues(cues, { start: 4200, end: 11_700 })).toEqual([
      { id: "edge", start: 0, end: 800, settings: "line:0", text: "across the start" },
      { start: 1800, end: 2800, text: "inside" },
      { start: 7300, end: 7500, text: "across the end" },
    ]);
  });

  it("a cue covering the whole clip lasts the clip; a window with no cue shown leaves none", () => {
    expect(cutCues([{ start: 0, end: 60_000, text: "all along" }], { start: 20_000, end: 22_500 })).toEqual([{ start: 0, end: 2500, text: "all along" }]);
    expect(cutCues(cues, { start: 7000, end: 11_500 })).toEqual([]);
  });
});
