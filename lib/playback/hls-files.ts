import { notFound } from "@/lib/api/errors";
import { INDEX_VERSION } from "@/lib/hls/index-format";
import { loadPackagingIndex, readSegmentRecords } from "@/lib/hls/index-store";
import { initSegment } from "@/lib/hls/init-segment";
import { mediaSegment } from "@/lib/hls/media-segment";
import { mediaPlaylist, multivariantPlaylist, renditionPlaylist } from "@/lib/hls/playlist";
import { UnpackageableError } from "@/lib/hls/track-samples";
import { memoryBytes, splicedBytes } from "@/lib/storage/spliced-bytes";
import type { MediaBytes } from "@/lib/storage/types";
import type { TranscodeDeps } from "@/lib/transcode/segment-maker";
import { mediaTokenQuery, openPlayback, playbackCacheControl, playlistBytes, type Playback, type PlaybackDeps } from "./open-playback";
import { isSubtitleDir, openSubtitleFile, subtitleRenditions } from "./subtitle-hls";
import { isTranscoded, masterPlaylist, openRenditionFile, sourceVariant, transcodedWindows } from "./transcoded-hls";

const MEDIA_SEGMENT = /^(0|[1-9]\d{0,6})\.m4s$/;

/**
 * The asset's HLS playlist: a media playlist, or a multivariant one when the asset has renditions
 * or text tracks. A `jwt` asset's URIs carry a media token derived from the viewer's, so players
 * that cannot add headers or parameters of their own still play it.
 */
export async function openHlsPlaylist(app: PlaybackDeps, request: Request, playbackId: string): Promise<MediaBytes> {
  const playback = await openPlayback(app, request, playbackId);
  const query = mediaTokenQuery(playback.access);
  if (isTranscoded(playback)) {
    return playlistBytes(playback.access, await masterPlaylist(app, playback, query));
  }
  const index = await packagingIndex(app, playback);
  const subtitles = await subtitleRenditions(app, playback, query);
  const fps = playback.asset.videoSpec?.tracks.find((t) => t.type === "video")?.fps ?? 30;
  const audio = index.tracks.some((t) => t.kind === "audio");
  const variant = (uri: string) => {
    const video = sourceVariant(index, uri, fps);
    return { ...video, codecs: audio ? `${video.codecs},mp4a.40.2` : video.codecs };
  };
  const text = subtitles.length > 0 ? multivariantPlaylist([variant(`v${index.version}/index.m3u8${query}`)], undefined, subtitles) : mediaPlaylist(index, query);
  return playlistBytes(playback.access, text);
}

/**
 * The init segment (`init.mp4`) or media segment `n` (`n.m4s`) of the packaging version named; or,
 * of a transcoded asset, a rendition's playlist or files (`{rendition}-{ladder}/…`).
 */
export async function openHlsFile(app: PlaybackDeps & TranscodeDeps, request: Request, playbackId: string, version: string, file: string): Promise<MediaBytes> {
  const playback = await openPlayback(app, request, playbackId);
  const query = mediaTokenQuery(playback.access);
  if (isSubtitleDir(version)) {
    const windows = isTranscoded(playback) ? transcodedWindows(playback) : (await packagingIndex(app, playback)).segments.map((s) => ({ start: s.start, end: s.start + s.duration }));
    return openSubtitleFile(app, playback, version, file, query, windows);
  }
  if (version !== `v${INDEX_VERSION}` && isTranscoded(playback)) return openRenditionFile(app, playback, version, file, query);
  if (version !== `v${INDEX_VERSION}`) throw notFound("no such HLS packaging version: load the playlist again");
  const index = await packagingIndex(app, playback);
  const cacheControl = playbackCacheControl(playback.access, "immutable");
  // The media playlist of the source's packaging, when the multivariant playlist names it (the asset has text tracks).
  if (file === "index.m3u8") {
    return playlistBytes(playback.access, renditionPlaylist(index.segments.map((s) => s.duration), query));
  }
  if (file === "init.mp4") return { ...memoryBytes(initSegment(index.tracks)), contentType: "video/mp4", cacheControl };
  const n = MEDIA_SEGMENT.exec(file) ? Number.parseInt(file, 10) : -1;
  const segment = index.segments[n];
  if (!segment) throw notFound(`no such HLS segment: ${file}`);
  const records = await readSegmentRecords(app.storage, playback.asset, index, segment);
  const { head, body } = mediaSegment(segment, records, n + 1);
  const bytes = splicedBytes(app.storage, playback.asset.storageKey, [{ bytes: head }, ...body]);
  return {
    ...bytes,
    contentType: "video/mp4",
    cacheControl,
    delivery: { userId: playback.asset.userId, secondsPerByte: segment.duration / Math.max(1, bytes.size) },
  };
}

async function packagingIndex(app: PlaybackDeps, { asset }: Playback) {
  try {
    return await loadPackagingIndex(app.storage, asset);
  } catch (error) {
    if (error instanceof UnpackageableError) throw notFound(`HLS is not available for this file (${error.message}); play its MP4`);
    throw error;
  }
}
