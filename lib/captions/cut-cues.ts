import type { Cue } from "./parse-subtitles";

/**
 * The cues shown during [start, end) milliseconds of the video, on a timeline that starts at
 * `start` (a clip's): a cue across either edge is cut to it, the others left out.
 */
export function cutCues(cues: Cue[], window: { start: number; end: number }): Cue[] {
  return cues.filter((cue) => shownWithin(cue, window)).map((cue) => ({
    ...cue,
    start: Math.max(cue.start, window.start) - window.start,
    end: Math.min(cue.end, window.end) - window.start,
  }));
}

/** A cue of no length is kept when its moment falls inside the window. */
function shownWithin(cue: Cue, window: { start: number; end: number }): boolean {
  if (cue.start === cue.end) return cue.start >= window.start && cue.start < window.end;
  return cue.start < window.end && cue.end > window.start;
}
