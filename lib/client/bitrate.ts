/** `6 Mb/s`, `2.5 Mb/s`, `400 kb/s`: a bitrate in bits/s as people read it. */
export function formatBitrate(bitsPerSecond: number): string {
  if (bitsPerSecond >= 1_000_000) return `${Number((bitsPerSecond / 1_000_000).toFixed(1))} Mb/s`;
  return `${Math.round(bitsPerSecond / 1000)} kb/s`;
}
