import { describe, expect, it } from "vitest";
import { decodeIndex, decodeRecords, encodeIndex, recordsRange } from "@/lib/hls/index-format";
import { planSegments } from "@/lib/hls/segment-plan";
import type { TrackSamples } from "@/lib/hls/track-samples";

/** A track of `count` equal samples laid out back to back from `firstOffset`, one keyframe every `keyEvery`. */
function track(kind: "video" | "audio", count: number, options: { timescale: number; duration: number; keyEvery?: number; firstOffset: number; shift?: number }): TrackSamples {
  const sizes = new Uint32Array(count).fill(100);
  return {
    kind,
    timescale: options.timescale,
    count,
    offsets: Float64Array.from({ length: count }, (_, i) => options.firstOffset + i * 100),
    sizes,
    durations: new Uint32Array(count).fill(options.duration),
    compositionOffsets: new Int32Array(count).fill(options.shift ?? 0),
    sync: Uint8Array.from({ length: count }, (_, i) => (kind === "audio" || i % (options.keyEvery ?? 1) === 0 ? 1 : 0)),
    sampleEntry: new Uint8Array([1, 2, 3]),
    width: 320,
    height: 240,
    sampleRate: 44100,
    channels: 1,
  };
}

// 20 s of 25 fps video (a keyframe every 2 s) and 23 s of 1024-sample AAC frames: audio runs on 3 s after the video.
const video = track("video", 500, { timescale: 12800, duration: 512, keyEvery: 50, firstOffset: 0 });
const audio = track("audio", Math.ceil((23 * 44100) / 1024), { timescale: 44100, duration: 1024, firstOffset: 1_000_000, shift: -1024 });

describe("planSegments", () => {
  it("cuts at the first keyframe at least the target after the last cut, each segment starting with one", () => {
    const segments = planSegments([video, audio], 6);
    expect(segments.map((s) => s.start)).toEqual([0, 6, 12, 18]);
    for (const segment of segments) expect(segment.records.find((r) => r.track === 0)?.sync).toBe(true);
  });

  it("makes longer segments from a long GOP rather than cut between keyframes", () => {
    const longGop = track("video", 500, { timescale: 12800, duration: 512, keyEvery: 250, firstOffset: 0 });
    expect(planSegments([longGop], 6).map((s) => s.start)).toEqual([0, 10]);
  });

  it("puts every sample in exactly one segment, audio by its time, and the audio tail in the last", () => {
    const segments = planSegments([video, audio], 6);
    const count = (t: number) => segments.reduce((sum, s) => sum + s.records.filter((r) => r.track === t).length, 0);
    expect(count(0)).toBe(video.count);
    expect(count(1)).toBe(audio.count);
    const last = segments.at(-1)!;
    expect(last.start + last.duration).toBeCloseTo((audio.count * 1024 - 1024) / 44100, 3);
    expect(segments.reduce((sum, s) => sum + s.duration, 0)).toBeCloseTo(last.start + last.duration, 6);
  });

  it("gives each track's decode time of its first sample in the segment, continuous across segments", () => {
    const [first, second] = planSegments([video, audio], 6);
    expect(second.decodeTimes[0]).toBe(150 * 512);
    const firstAudio = first.records.filter((r) => r.track === 1).length;
    expect(second.decodeTimes[1]).toBe(firstAudio * 1024);
  });

  it("orders a segment's samples as the file does, so it is read front to back", () => {
    for (const segment of planSegments([video, audio], 6)) {
      const offsets = segment.records.map((r) => r.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    }
  });
});

describe("the packaging index", () => {
  it("keeps tracks, segments and every sample record through encoding", () => {
    const tracks = [video, audio];
    const planned = planSegments(tracks, 6);
    const bytes = encodeIndex(tracks, planned);
    const { index } = decodeIndex(bytes);
    expect(index.tracks.map((t) => [t.kind, t.timescale, [...t.sampleEntry]])).toEqual([["video", 12800, [1, 2, 3]], ["audio", 44100, [1, 2, 3]]]);
    index.segments.forEach((segment, n) => {
      expect(segment.start).toBe(planned[n].start);
      expect(segment.decodeTimes).toEqual(planned[n].decodeTimes);
      const { start, length } = recordsRange(index, segment);
      expect(decodeRecords(bytes.subarray(start, start + length))).toEqual(planned[n].records);
      expect(segment.payloadBytes).toBe(planned[n].records.length * 100);
    });
  });

  it("refuses bytes that are not an index of this version", () => {
    expect(() => decodeIndex(Buffer.from("not an index at all"))).toThrow(/not a packaging index/);
    const bytes = encodeIndex([video], planSegments([video], 6));
    bytes[7] = 99;
    expect(() => decodeIndex(bytes)).toThrow(/version 99/);
  });
});
