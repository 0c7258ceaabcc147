/** H.264 levels by macroblocks per frame and per second (ITU-T H.264 table A-1), lowest first. */
const LEVELS: Array<{ idc: number; frameMbs: number; mbsPerSecond: number }> = [
  { idc: 30, frameMbs: 1620, mbsPerSecond: 40_500 },
  { idc: 31, frameMbs: 3600, mbsPerSecond: 108_000 },
  { idc: 32, frameMbs: 5120, mbsPerSecond: 216_000 },
  { idc: 40, frameMbs: 8192, mbsPerSecond: 245_760 },
  { idc: 42, frameMbs: 8704, mbsPerSecond: 522_240 },
  { idc: 50, frameMbs: 22_080, mbsPerSecond: 589_824 },
  { idc: 51, frameMbs: 36_864, mbsPerSecond: 983_040 },
  { idc: 52, frameMbs: 36_864, mbsPerSecond: 2_073_600 },
];

/**
 * The lowest level that holds the picture: pinned, so every segment of a rung, made by separate
 * ffmpeg runs, has the same SPS and the playlist's CODECS is known before any is made.
 */
export function h264LevelFor(width: number, height: number, fps: number): number {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  return (LEVELS.find((l) => frameMbs <= l.frameMbs && frameMbs * fps <= l.mbsPerSecond) ?? LEVELS.at(-1)!).idc;
}

/** RFC 6381 `avc1.PPCCLL` of High profile (what the encoder is told to make) at that level. */
export function avcHighCodecs(level: number): string {
  return `avc1.6400${level.toString(16).padStart(2, "0")}`;
}
