import type { TrackSamples } from "./track-samples";

export const DEFAULT_SEGMENT_SECONDS = 6;

/** One sample as a segment carries it: `track` indexes the index's tracks. */
export interface SampleRecord {
  offset: number;
  size: number;
  duration: number;
  compositionOffset: number;
  track: number;
  sync: boolean;
}

export interface PlannedSegment {
  /** Seconds on the presentation timeline. */
  start: number;
  duration: number;
  /** Per track, the decode time of its first sample here (its `tfdt`), in the track's timescale. */
  decodeTimes: number[];
  /** In the order their bytes go into the segment: the file's order, so they are read in one pass. */
  records: SampleRecord[];
}

/**
 * Cuts the movie into segments that each start with a video keyframe, at the first keyframe at
 * least `targetSeconds` after the previous cut (a long GOP makes a long segment, never a broken
 * one). Audio goes with the segment its presentation time falls in; what follows the last
 * keyframe, audio-only tail included, is the last segment.
 */
export function planSegments(tracks: TrackSamples[], targetSeconds: number): PlannedSegment[] {
  const video = tracks.find((track) => track.kind === "video")!;
  const decodeTimes = tracks.map(decodeTimeline);
  const videoIndex = tracks.indexOf(video);
  const seconds = (track: number, sample: number) =>
    (decodeTimes[track][sample] + tracks[track].compositionOffsets[sample]) / tracks[track].timescale;

  const cuts = [0];
  const starts = [0];
  for (let sample = 1, last = Math.max(0, seconds(videoIndex, 0)); sample < video.count; sample++) {
    if (!video.sync[sample]) continue;
    const at = seconds(videoIndex, sample);
    if (at - last < targetSeconds - 1e-3) continue;
    cuts.push(sample);
    starts.push(at);
    last = at;
  }

  // Per track, the first sample of each segment (and the track's end after the last).
  const bounds = tracks.map((track, t) => {
    if (t === videoIndex) return [...cuts, track.count];
    const firsts = [0];
    for (let s = 1, sample = 0; s < starts.length; s++) {
      while (sample < track.count && seconds(t, sample) < starts[s]) sample++;
      firsts.push(sample);
    }
    return [...firsts, track.count];
  });

  const end = Math.max(...tracks.map((track, t) => presentationEnd(track, decodeTimes[t])));
  return starts.map((start, s) => {
    const records: SampleRecord[] = [];
    tracks.forEach((track, t) => {
      for (let i = bounds[t][s]; i < bounds[t][s + 1]; i++) {
        const compositionOffset = track.compositionOffsets[i];
        records.push({ offset: track.offsets[i], size: track.sizes[i], duration: track.durations[i], compositionOffset, track: t, sync: track.sync[i] === 1 });
      }
    });
    const next = s + 1 < starts.length ? starts[s + 1] : end;
    return {
      start,
      duration: Math.max(0, next - start),
      decodeTimes: tracks.map((_, t) => decodeTimes[t][Math.min(bounds[t][s], tracks[t].count - 1)] ?? 0),
      records: inReadingOrder(records),
    };
  });
}

/** Each sample's decode time (the sum of the durations before it), with one more entry: the end. */
function decodeTimeline(track: TrackSamples): Float64Array {
  const times = new Float64Array(track.count + 1);
  for (let i = 0; i < track.count; i++) times[i + 1] = times[i] + track.durations[i];
  return times;
}

function presentationEnd(track: TrackSamples, decodeTimes: Float64Array): number {
  let end = 0;
  for (let i = 0; i < track.count; i++) {
    end = Math.max(end, decodeTimes[i] + track.compositionOffsets[i] + track.durations[i]);
  }
  return end / track.timescale;
}

/**
 * File order, so a segment is read from storage front to back. A track whose samples lie out of
 * decode order in the file (rare) keeps its decode order instead: a fragment's runs must.
 */
function inReadingOrder(records: SampleRecord[]): SampleRecord[] {
  const positions = records.map((_, i) => i).sort((a, b) => records[a].offset - records[b].offset || a - b);
  const last = new Map<number, number>();
  for (const position of positions) {
    const track = records[position].track;
    if ((last.get(track) ?? -1) > position) return records;
    last.set(track, position);
  }
  return positions.map((position) => records[position]);
}
