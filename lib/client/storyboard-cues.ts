/** A cue of a storyboard's WebVTT: from `start` to `end` seconds, its tile the `x, y, width, height` of `sprite`. */
export interface StoryboardCue {
  start: number;
  end: number;
  sprite: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const CUE = /(\S+)\s+-->\s+(\S+)[^\n]*\n\s*(\S+?)#xywh=(\d+),(\d+),(\d+),(\d+)/g;

/**
 * The cues of a storyboard WebVTT (Livepeer's and ours: one tile of a sprite per cue), each
 * sprite URL resolved against the WebVTT's own, so a token in it is kept.
 */
export function parseStoryboard(vtt: string, vttUrl: string): StoryboardCue[] {
  return [...vtt.replaceAll("\r\n", "\n").matchAll(CUE)].map((m) => ({
    start: vttSeconds(m[1]),
    end: vttSeconds(m[2]),
    sprite: new URL(m[3], vttUrl).href,
    x: Number(m[4]),
    y: Number(m[5]),
    width: Number(m[6]),
    height: Number(m[7]),
  }));
}

/** `hh:mm:ss.mmm` or `mm:ss.mmm`. */
function vttSeconds(time: string): number {
  return time.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);
}

/** The cue shown at `seconds`: the last that starts at or before it. */
export function cueAt(cues: StoryboardCue[], seconds: number): StoryboardCue | undefined {
  let found: StoryboardCue | undefined;
  for (const cue of cues) {
    if (cue.start > seconds) break;
    found = cue;
  }
  return found;
}

/** `1:05` or `1:02:05`, as players show a time. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor(s / 60) % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}
