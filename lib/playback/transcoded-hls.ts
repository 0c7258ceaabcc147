import { ApiError, notFound } from "@/lib/api/errors";
import type { AssetRow, TranscodeSummary } from "@/lib/db/schema";
import { loadPackagingIndex, readSegmentRecords } from "@/lib/hls/index-store";
import type { PackagingIndex } from "@/lib/hls/index-format";
import { initSegment } from "@/lib/hls/init-segment";
import { mediaSegment } from "@/lib/hls/media-segment";
import { multivariantPlaylist, renditionPlaylist, type Variant } from "@/lib/hls/playlist";
import { memoryBytes, splicedBytes } from "@/lib/storage/spliced-bytes";
import { assetRenditionKey, type MediaBytes } from "@/lib/storage/types";
import { AUDIO_BITRATE, AUDIO_CODECS, audioSegmentDurations } from "@/lib/transcode/audio-stream";
import { peakBandwidth } from "@/lib/transcode/ladder";
import { segmentMakerFor, SegmentUnavailableError, type TranscodeDeps } from "@/lib/transcode/segment-maker";
import { segmentWindows } from "@/lib/transcode/segment-starts";
import { playbackCacheControl, playlistBytes, type Playback, type PlaybackDeps } from "./open-playback";
import { subtitleRenditions } from "./subtitle-hls";

/** `t0`…: a transcoded rung; `a`: the encoded audio; `s`/`sa`: the source's own video/audio track, packaged as uploaded. */
const RENDITION_DIR = /^(t\d{1,2}|a|s|sa)-(\d{1,6})$/;
const MEDIA_SEGMENT = /^(0|[1-9]\d{0,6})\.m4s$/;

export type TranscodedPlayback = Playback & { asset: AssetRow & { transcode: TranscodeSummary } };

export function isTranscoded(playback: Playback): playback is TranscodedPlayback {
  return playback.asset.transcode !== null && playback.asset.transcode.rungs.length > 0;
}

/** Each video segment's [start, end) in seconds: what subtitle segments align with. */
export function transcodedWindows(playback: TranscodedPlayback): Array<{ start: number; end: number }> {
  return segmentWindows(playback.asset.transcode.starts, playback.asset.transcode.duration);
}

/** The asset's multivariant playlist: every rung (the source's too, when it plays as uploaded), the audio group and the subtitles. */
export async function masterPlaylist(app: PlaybackDeps, playback: TranscodedPlayback, query: string): Promise<string> {
  const plan = playback.asset.transcode;
  const suffix = `-${plan.ladder}`;
  const audio = plan.audio ? { uri: `${plan.audio === "source" ? "sa" : "a"}${suffix}/index.m3u8${query}`, codecs: AUDIO_CODECS } : undefined;
  const audioBits = audio ? AUDIO_BITRATE * 1.1 : 0;
  const shortest = Math.min(...segmentWindows(plan.starts, plan.duration).map((w) => w.end - w.start));
  const variants: Variant[] = plan.rungs.map((rung) => ({
    uri: `${rung.dir}${suffix}/index.m3u8${query}`,
    bandwidth: Math.ceil(peakBandwidth(rung, shortest) + audioBits),
    averageBandwidth: Math.ceil(rung.bitrate + audioBits),
    width: rung.width,
    height: rung.height,
    fps: rung.fps,
    codecs: rung.codecs,
  }));
  if (plan.sourceRung) {
    const fps = playback.asset.videoSpec?.tracks.find((t) => t.type === "video")?.fps ?? 30;
    variants.push(sourceVariant(await sourceIndex(app, playback), `s${suffix}/index.m3u8${query}`, fps));
  }
  return multivariantPlaylist(variants, audio, await subtitleRenditions(app, playback, query));
}

/** A rendition's media playlist, init segment or media segment; a segment not made yet is made now. */
export async function openRenditionFile(app: PlaybackDeps & TranscodeDeps, playback: TranscodedPlayback, dir: string, file: string, query: string): Promise<MediaBytes> {
  const plan = playback.asset.transcode;
  const match = RENDITION_DIR.exec(dir);
  if (!match || Number(match[2]) !== plan.ladder) throw notFound("no such rendition: load the playlist again");
  const rendition = match[1];
  const known = rendition === "a" ? plan.audio === "encoded" : rendition === "sa" ? plan.audio === "source" : rendition === "s" ? plan.sourceRung : plan.rungs.some((r) => r.dir === rendition);
  if (!known) throw notFound("no such rendition: load the playlist again");
  const cacheControl = playbackCacheControl(playback.access, "immutable");
  if (rendition === "s" || rendition === "sa") return sourceTrackFile(app, playback, rendition === "s" ? "video" : "audio", file, query, cacheControl);
  const durations = rendition === "a" ? audioSegmentDurations(plan.duration) : segmentWindows(plan.starts, plan.duration).map((w) => w.end - w.start);
  if (file === "index.m3u8") return playlistBytes(playback.access, renditionPlaylist(durations, query));
  const seq = file === "init.mp4" ? 0 : MEDIA_SEGMENT.exec(file) ? Number.parseInt(file, 10) : -1;
  if (seq < 0 || seq >= durations.length) throw notFound(`no such HLS segment: ${file}`);
  const key = assetRenditionKey(playback.asset.id, plan.ladder, rendition, file);
  let stored = await app.storage.stat(key);
  if (!stored) {
    try {
      await segmentMakerFor(app).ensure({ id: playback.asset.id, storageKey: playback.asset.storageKey, transcode: plan }, rendition, seq);
    } catch (error) {
      if (error instanceof SegmentUnavailableError) throw new ApiError(503, [error.message], { "Retry-After": "5" });
      throw error;
    }
    stored = await app.storage.stat(key);
    if (!stored) throw new ApiError(503, [`${file} of ${rendition} is not available yet`], { "Retry-After": "2" });
  }
  const size = stored.size;
  return {
    size,
    open: (range) => app.storage.createReadStream(key, range),
    contentType: "video/mp4",
    cacheControl,
    ...(file !== "init.mp4" && { delivery: { userId: playback.asset.userId, secondsPerByte: durations[seq] / Math.max(1, size) } }),
  };
}

async function sourceIndex(app: PlaybackDeps, playback: Playback): Promise<PackagingIndex> {
  return loadPackagingIndex(app.storage, playback.asset);
}

/** The source played as uploaded, as a rung: its peak and average bits per second from its segments. */
export function sourceVariant(index: PackagingIndex, uri: string, fps: number): Variant {
  const video = index.tracks.find((t) => t.kind === "video")!;
  const seconds = index.segments.reduce((sum, s) => sum + s.duration, 0);
  const bytes = index.segments.reduce((sum, s) => sum + s.payloadBytes, 0);
  const peak = Math.max(...index.segments.map((s) => (s.payloadBytes * 8) / Math.max(0.5, s.duration)));
  return { uri, bandwidth: Math.ceil(peak * 1.02), averageBandwidth: Math.ceil((bytes * 8) / Math.max(0.001, seconds)), width: video.width, height: video.height, fps, codecs: avcCodecsOf(video.sampleEntry) };
}

/** RFC 6381 `avc1.PPCCLL` from an avc1 sample entry's avcC. */
export function avcCodecsOf(sampleEntry: Uint8Array): string {
  for (let i = 8; i + 8 <= sampleEntry.length; i++) {
    if (sampleEntry[i] === 0x61 && sampleEntry[i + 1] === 0x76 && sampleEntry[i + 2] === 0x63 && sampleEntry[i + 3] === 0x43) {
      const hex = (b: number) => b.toString(16).padStart(2, "0");
      return `avc1.${hex(sampleEntry[i + 5])}${hex(sampleEntry[i + 6])}${hex(sampleEntry[i + 7])}`;
    }
  }
  return "avc1.640028";
}

/** One track of the source's own HLS packaging (section 11) as its own rendition. */
async function sourceTrackFile(app: PlaybackDeps, playback: Playback, kind: "video" | "audio", file: string, query: string, cacheControl: string): Promise<MediaBytes> {
  const index = await sourceIndex(app, playback);
  const track = index.tracks.findIndex((t) => t.kind === kind);
  if (track < 0) throw notFound(`the source has no ${kind} track`);
  if (file === "index.m3u8") return playlistBytes(playback.access, renditionPlaylist(index.segments.map((s) => s.duration), query));
  if (file === "init.mp4") return { ...memoryBytes(initSegment([index.tracks[track]])), contentType: "video/mp4", cacheControl };
  const n = MEDIA_SEGMENT.exec(file) ? Number.parseInt(file, 10) : -1;
  const segment = index.segments[n];
  if (!segment) throw notFound(`no such HLS segment: ${file}`);
  const records = (await readSegmentRecords(app.storage, playback.asset, index, segment)).filter((r) => r.track === track).map((r) => ({ ...r, track: 0 }));
  const payloadBytes = records.reduce((sum, r) => sum + r.size, 0);
  const { head, body } = mediaSegment({ ...segment, decodeTimes: [segment.decodeTimes[track]], payloadBytes }, records, n + 1);
  const bytes = splicedBytes(app.storage, playback.asset.storageKey, [{ bytes: head }, ...body]);
  return { ...bytes, contentType: "video/mp4", cacheControl, delivery: { userId: playback.asset.userId, secondsPerByte: segment.duration / Math.max(1, bytes.size) } };
}
