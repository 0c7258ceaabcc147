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
  return vodPlaylist(
    index.segments.map((segment) => segment.duration),
    `${segmentPaths.init(index.version)}${query}`,
    (n) => `${segmentPaths.media(index.version, n)}${query}`,
  );
}

/** A media playlist of one rendition whose files sit beside it: `init.mp4` and `{n}.m4s`. */
export function renditionPlaylist(durations: number[], query: string): string {
  return vodPlaylist(durations, `init.mp4${query}`, (n) => `${n}.m4s${query}`);
}

/** A subtitle rendition's media playlist: WebVTT segments `{n}.vtt` beside it, one per video segment, of the same durations. */
export function subtitlePlaylist(durations: number[], query: string): string {
  return vodPlaylist(durations, undefined, (n) => `${n}.vtt${query}`);
}

function vodPlaylist(durations: number[], initUri: string | undefined, mediaUri: (n: number) => string): string {
  // Each segment's duration, rounded to the nearest integer, must not exceed the target (RFC 8216 4.3.3.1).
  const target = Math.max(1, ...durations.map((duration) => Math.round(duration)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    ...(initUri === undefined ? [] : [`#EXT-X-MAP:URI="${initUri}"`]),
  ];
  durations.forEach((duration, n) => lines.push(`#EXTINF:${duration.toFixed(5)},`, mediaUri(n)));
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}

export interface Variant {
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  fps: number;
  codecs: string;
}

/** A text track as a `SUBTITLES` rendition. */
export interface SubtitleRendition {
  uri: string;
  languageCode: string;
  name: string;
  /** Captions describe sound as well as speech: players offer them to those who asked for accessibility. */
  captions: boolean;
}

const CAPTION_CHARACTERISTICS = "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound";

/**
 * The multivariant playlist (RFC 8216 4.3.4): one `EXT-X-STREAM-INF` per rung, lowest first, the
 * audio as one `AUDIO` group every rung names, and the text tracks as one `SUBTITLES` group.
 */
export function multivariantPlaylist(variants: Variant[], audio: { uri: string; codecs: string } | undefined, subtitles: SubtitleRendition[] = []): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  if (audio) lines.push(`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",LANGUAGE="und",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="${audio.uri}"`);
  uniqueNames(subtitles).forEach((track) => {
    const characteristics = track.captions ? `,CHARACTERISTICS="${CAPTION_CHARACTERISTICS}"` : "";
    lines.push(`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="${quotable(track.languageCode)}",NAME="${quotable(track.name)}",DEFAULT=NO,AUTOSELECT=YES${characteristics},URI="${track.uri}"`);
  });
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const codecs = audio ? `${v.codecs},${audio.codecs}` : v.codecs;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},RESOLUTION=${v.width}x${v.height},FRAME-RATE=${v.fps.toFixed(3)},CODECS="${codecs}"${audio ? ',AUDIO="audio"' : ""}${subtitles.length > 0 ? ',SUBTITLES="subs"' : ""}`,
      v.uri,
    );
  }
  lines.push("");
  return lines.join("\n");
}

/** A quoted-string attribute may hold neither `"` nor a line break (RFC 8216 4.2). */
function quotable(value: string): string {
  return value.replace(/["\r\n]/g, "'");
}

/** Renditions of one group must have different NAMEs (RFC 8216 4.3.4.1.1): a repeated one gets a number. */
function uniqueNames(tracks: SubtitleRendition[]): SubtitleRendition[] {
  const seen = new Map<string, number>();
  return tracks.map((track) => {
    const count = (seen.get(track.name) ?? 0) + 1;
    seen.set(track.name, count);
    return count === 1 ? track : { ...track, name: `${track.name} (${count})` };
  });
}
