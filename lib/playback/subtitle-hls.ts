import { notFound } from "@/lib/api/errors";
import { readTrackCues } from "@/lib/captions/text-tracks";
import { webVttSegment } from "@/lib/captions/webvtt-segment";
import { findTextTrack, listTextTracks } from "@/lib/db/text-tracks";
import { subtitlePlaylist, type SubtitleRendition } from "@/lib/hls/playlist";
import { memoryBytes } from "@/lib/storage/spliced-bytes";
import type { MediaBytes } from "@/lib/storage/types";
import { isUuid } from "@/lib/uuid";
import { playbackCacheControl, playlistBytes, type Playback, type PlaybackDeps } from "./open-playback";

/** A subtitle rendition's directory beside the video's: `sub-{trackId}`. */
const SUBTITLE_DIR = /^sub-(.+)$/;
const VTT_SEGMENT = /^(0|[1-9]\d{0,6})\.vtt$/;

/** The asset's text tracks as `SUBTITLES` renditions of its multivariant playlist. */
export async function subtitleRenditions(app: PlaybackDeps, playback: Playback, query: string): Promise<SubtitleRendition[]> {
  const tracks = await listTextTracks(app.db, playback.asset.id);
  return tracks.map((track) => ({
    uri: `sub-${track.id}/index.m3u8${query}`,
    languageCode: track.languageCode,
    name: track.name,
    captions: track.textType === "captions",
  }));
}

export function isSubtitleDir(dir: string): boolean {
  return SUBTITLE_DIR.test(dir);
}

/**
 * A subtitle rendition's media playlist (`index.m3u8`) or WebVTT segment `{n}.vtt`: one segment per
 * video segment (`windows`, in seconds), so a player fetches the cues of the part it plays.
 */
export async function openSubtitleFile(
  app: PlaybackDeps,
  playback: Playback,
  dir: string,
  file: string,
  query: string,
  windows: Array<{ start: number; end: number }>,
): Promise<MediaBytes> {
  const trackId = SUBTITLE_DIR.exec(dir)?.[1] ?? "";
  const track = isUuid(trackId) ? await findTextTrack(app.db, playback.asset.id, trackId.toLowerCase()) : undefined;
  if (!track) throw notFound("no such subtitle track: load the playlist again");
  const access = playback.access;
  if (file === "index.m3u8") {
    return playlistBytes(access, subtitlePlaylist(windows.map((w) => w.end - w.start), query));
  }
  const n = VTT_SEGMENT.exec(file) ? Number.parseInt(file, 10) : -1;
  if (n < 0 || n >= windows.length) throw notFound(`no such subtitle segment: ${file}`);
  // The last segment also holds any cue past the video's end, rather than losing it.
  const window = n === windows.length - 1 ? { start: windows[n].start, end: Infinity } : windows[n];
  const vtt = webVttSegment(await readTrackCues(app.storage, playback.asset.id, track.id), window);
  // A track's cues never change (a new file is a new track): its segments are as immutable as the video's.
  return { ...memoryBytes(Buffer.from(vtt)), contentType: "text/vtt; charset=utf-8", cacheControl: playbackCacheControl(access, "immutable") };
}
