import { cueBlocks, type Cue } from "./parse-subtitles";

/**
 * The media timeline's origin in 90 kHz units: both packagings' fMP4 segments count their decode
 * times from 0, so a cue's time is the video's time. Every segment maps the same origin, and a cue
 * that spans a boundary is repeated, unchanged, in each segment it overlaps (players drop the
 * repeat), so it shows wherever playback starts.
 */
const TIMESTAMP_MAP = "X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000";

/** One WebVTT segment of a subtitle rendition: the cues shown during [start, end) seconds of the video. */
export function webVttSegment(cues: Cue[], window: { start: number; end: number }): string {
  const start = window.start * 1000;
  const end = window.end * 1000;
  const shown = cues.filter((cue) => cue.end > start && cue.start < end);
  return `WEBVTT\n${TIMESTAMP_MAP}\n\n${cueBlocks(shown)}`;
}
