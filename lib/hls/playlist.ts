import type { PackagingIndex } from "./index-format";

/** The path part (under the playlist's directory) of the init segment and of media segment `n`. */
export const segmentPaths = {
  init: (version: number) => `v${version}/init.mp4`,
  media: (version: number, n: number) => `v${version}/${n}.m4s`,
};

/**
 * A VOD media playlist of the index's segments (HLS version 7: fMP4 with `EXT-X-MAP`). `query`
 * (with its `?`, or empty) is appended to every URI, after the extension players judge by.
 */
export function mediaPlaylist(index: PackagingIndex, query: string): string {
  // Each segment's duration, rounded to the nearest integer, must not exceed the target (RFC 8216 4.3.3.1).
  const target = Math.max(1, ...index.segments.map((segment) => Math.round(segment.duration)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    `#EXT-X-MAP:URI="${segmentPaths.init(index.version)}${query}"`,
  ];
  index.segments.forEach((segment, n) => {
    lines.push(`#EXTINF:${segment.duration.toFixed(5)},`, `${segmentPaths.media(index.version, n)}${query}`);
  });
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}
