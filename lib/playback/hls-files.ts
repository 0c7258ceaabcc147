import { notFound } from "@/lib/api/errors";
import { INDEX_VERSION } from "@/lib/hls/index-format";
import { loadPackagingIndex, readSegmentRecords } from "@/lib/hls/index-store";
import { initSegment } from "@/lib/hls/init-segment";
import { mediaSegment } from "@/lib/hls/media-segment";
import { mediaPlaylist } from "@/lib/hls/playlist";
import { UnpackageableError } from "@/lib/hls/track-samples";
import { memoryBytes, splicedBytes } from "@/lib/storage/spliced-bytes";
import type { MediaBytes } from "@/lib/storage/types";
import type { TranscodeDeps } from "@/lib/transcode/segment-maker";
import { openPlayback, playbackCacheControl, type Playback, type PlaybackDeps } from "./open-playback";
import { isTranscoded, masterPlaylist, openRenditionFile } from "./transcoded-hls";

const MEDIA_SEGMENT = /^(0|[1-9]\d{0,6})\.m4s$/;

/**
 * The asset's HLS media playlist. A `jwt` asset's segment URLs carry a media token derived from
 * the viewer's, so players that cannot add headers or parameters of their own still play it.
 */
export async function openHlsPlaylist(app: PlaybackDeps, request: Request, playbackId: string): Promise<MediaBytes> {
  const playback = await openPlayback(app, request, playbackId);
  const query = playback.access.kind === "granted" ? `?token=${encodeURIComponent(playback.access.mediaToken)}` : "";
  if (isTranscoded(playback)) {
    return {
      ...memoryBytes(Buffer.from(await masterPlaylist(app, playback, query))),
      contentType: "application/vnd.apple.mpegurl",
      cacheControl: playback.access.kind === "public" ? playbackCacheControl(playback.access, "changing") : "private, no-store",
    };
  }
  const index = await packagingIndex(app, playback);
  return {
    ...memoryBytes(Buffer.from(mediaPlaylist(index, query))),
    contentType: "application/vnd.apple.mpegurl",
    cacheControl: playback.access.kind === "public" ? playbackCacheControl(playback.access, "changing") : "private, no-store",
  };
}

/**
 * The init segment (`init.mp4`) or media segment `n` (`n.m4s`) of the packaging version named; or,
 * of a transcoded asset, a rendition's playlist or files (`{rendition}-{ladder}/…`).
 */
export async function openHlsFile(app: PlaybackDeps & TranscodeDeps, request: Request, playbackId: string, version: string, file: string): Promise<MediaBytes> {
  const playback = await openPlayback(app, request, playbackId);
  if (version !== `v${INDEX_VERSION}` && isTranscoded(playback)) {
    const query = playback.access.kind === "granted" ? `?token=${encodeURIComponent(playback.access.mediaToken)}` : "";
    return openRenditionFile(app, playback, version, file, query);
  }
  if (version !== `v${INDEX_VERSION}`) throw notFound("no such HLS packaging version: load the playlist again");
  const index = await packagingIndex(app, playback);
  const cacheControl = playbackCacheControl(playback.access, "immutable");
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
