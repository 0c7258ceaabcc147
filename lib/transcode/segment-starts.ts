/** The first segment is short, so it is made (and playing) soon after a viewer asks. */
export const FIRST_SEGMENT_SECONDS = 2;
export const SEGMENT_SECONDS = 4;

/**
 * Where the video's segments start (seconds), the same for every rung: at a source keyframe
 * `target` or more after the previous start when one comes within twice that (ffmpeg then seeks
 * straight to it), else `target` after it. No last segment shorter than half a target.
 */
export function segmentStarts(keyframes: number[], duration: number): number[] {
  const starts = [0];
  let k = 0;
  for (;;) {
    const last = starts.at(-1)!;
    const target = starts.length === 1 ? FIRST_SEGMENT_SECONDS : SEGMENT_SECONDS;
    while (k < keyframes.length && keyframes[k] < last + target - 1e-3) k++;
    const keyframe = keyframes[k];
    const next = keyframe !== undefined && keyframe <= last + 2 * target ? keyframe : last + target;
    if (duration - next < target / 2) return starts;
    starts.push(Math.round(next * 1e6) / 1e6);
  }
}

/** Each segment's [start, end), the last ending at the video's end. */
export function segmentWindows(starts: number[], duration: number): Array<{ start: number; end: number }> {
  return starts.map((start, i) => ({ start, end: starts[i + 1] ?? duration }));
}
