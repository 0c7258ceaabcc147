import { avcHighCodecs, h264LevelFor } from "./h264-level";
import type { TranscodeProfile } from "@/lib/media/transcode-profiles";

/** What the ladder reads of a profile. */
export type LadderProfile = Pick<TranscodeProfile, "name" | "width" | "height" | "bitrate" | "fps" | "fpsDen">;

/** One transcoded rung: what the encoder is told, and what the playlists say of it. */
export interface Rung {
  /** The profile's name (Livepeer's), shown to people. */
  name: string;
  /** Its directory in URLs and storage: t0, t1, … */
  dir: string;
  width: number;
  height: number;
  fps: number;
  bitrate: number;
  maxrate: number;
  bufsize: number;
  level: number;
  codecs: string;
}

export interface SourcePicture {
  /** As shown: rotation applied. */
  width: number;
  height: number;
  fps: number;
}

/** The encoder's VBV: short, so a segment's peak stays near its average and BANDWIDTH can be honest. */
const MAXRATE_SHARE = 1.1;
const BUFSIZE_SECONDS = 1;

/**
 * The rungs to make for this picture (DESIGN.md section 18): each profile's box turned to the
 * picture's orientation, the picture fitted in it keeping its aspect ratio, even sizes, never
 * larger than the source nor at a higher frame rate; profiles that come out the same size give
 * one rung (the first). `sourceRung`: the source itself is played as a rung (an H.264/AAC MP4),
 * so a rung of the source's size is not made again.
 */
export function ladderFor(picture: SourcePicture, profiles: LadderProfile[], sourceRung: boolean): Rung[] {
  const portrait = picture.height > picture.width;
  const seen = new Set<string>(sourceRung ? [`${even(picture.width, picture.width)}x${even(picture.height, picture.height)}`] : []);
  const rungs: Rung[] = [];
  const ordered = [...profiles].sort((a, b) => a.width * a.height - b.width * b.height || a.bitrate - b.bitrate);
  for (const profile of ordered) {
    const [boxW, boxH] = portrait === profile.height > profile.width ? [profile.width, profile.height] : [profile.height, profile.width];
    const scale = Math.min(boxW / picture.width, boxH / picture.height, 1);
    const width = even(picture.width * scale, Math.min(boxW, picture.width));
    const height = even(picture.height * scale, Math.min(boxH, picture.height));
    const key = `${width}x${height}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const asked = profile.fps ? profile.fps / (profile.fpsDen ?? 1) : picture.fps;
    const fps = Math.round(Math.min(asked, picture.fps) * 1000) / 1000;
    // A picture that fills less of the box needs fewer bits for the same quality.
    const fill = Math.min(1, (width * height) / (boxW * boxH));
    const bitrate = Math.max(50_000, Math.round(profile.bitrate * Math.max(0.5, fill)));
    const level = h264LevelFor(width, height, fps);
    rungs.push({
      name: profile.name ?? `${Math.min(width, height)}p`,
      dir: `t${rungs.length}`,
      width,
      height,
      fps,
      bitrate,
      maxrate: Math.round(bitrate * MAXRATE_SHARE),
      bufsize: Math.round(bitrate * BUFSIZE_SECONDS),
      level,
      codecs: avcHighCodecs(level),
    });
  }
  return rungs;
}

/** The nearest even size (H.264's 4:2:0 needs them), never above `limit`. */
function even(value: number, limit: number): number {
  return Math.max(2, Math.min(2 * Math.round(value / 2), 2 * Math.floor(limit / 2)));
}

/**
 * The most bits a second of one of its segments can take: the VBV bounds any stretch of `seconds`
 * to maxrate plus what the buffer holds, plus the fMP4 boxes' overhead.
 */
export function peakBandwidth(rung: Rung, shortestSegmentSeconds: number): number {
  const vbv = rung.maxrate + rung.bufsize / Math.max(0.5, shortestSegmentSeconds);
  return Math.ceil(vbv * 1.05 + rung.fps * 24 * 8);
}
