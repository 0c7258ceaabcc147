import type { TranscodeSummary, VideoSpec } from "@/lib/db/schema";
import { loadPackagingIndex } from "@/lib/hls/index-store";
import { keyframeTimes, type ProbedMedia } from "@/lib/media/probe-media";
import type { MediaTools } from "@/lib/media/ffmpeg";
import type { TaskDeps } from "@/lib/tasks/types";
import { ladderFor, type LadderProfile } from "./ladder";
import { probeLimits } from "./media-limits";
import { segmentStarts } from "./segment-starts";

/** What the upload check found: a file played as uploaded (H.264/AAC MP4), or one to transcode. */
export type CheckedSource =
  | { kind: "as-is"; videoSpec: VideoSpec }
  | { kind: "transcode"; videoSpec: VideoSpec; probed: ProbedMedia };

export interface PlannedAsset {
  id: string;
  storageKey: string;
  targetSegmentSecs: number | null;
  profiles: LadderProfile[] | null;
}

/**
 * The asset's renditions and their segments, known before any is made (DESIGN.md section 18): the
 * ladder for the picture, and segment starts at the source's keyframes (an as-is source: its own
 * HLS segments', so every rung switches where the source does). Null when nothing is to be made.
 */
export async function planRenditions(deps: TaskDeps, tools: MediaTools, asset: PlannedAsset, source: CheckedSource, ladder = 1): Promise<TranscodeSummary | null> {
  const profiles = asset.profiles ?? deps.config.defaultProfiles;
  if (source.kind === "as-is") {
    const video = source.videoSpec.tracks.find((t) => t.type === "video");
    if (!video) return null;
    const rungs = ladderFor({ width: video.width, height: video.height, fps: video.fps }, profiles, true);
    if (!rungs.length) return null;
    const index = await loadPackagingIndex(deps.storage, asset).catch(() => undefined);
    if (!index) return null;
    return {
      ladder,
      rungs,
      sourceRung: true,
      audio: index.tracks.some((t) => t.kind === "audio") ? "source" : null,
      duration: source.videoSpec.duration,
      starts: index.segments.map((segment) => Math.round(segment.start * 1e6) / 1e6),
    };
  }
  const { probed } = source;
  const input = await deps.storage.mediaToolInput(asset.storageKey);
  const keyframes = await keyframeTimes(tools.ffprobe, input, probeLimits(deps.config, deps.lease?.signal));
  return {
    ladder,
    rungs: ladderFor({ width: probed.video.displayWidth, height: probed.video.displayHeight, fps: probed.video.fps }, profiles, false),
    sourceRung: false,
    audio: probed.audio ? "encoded" : null,
    duration: probed.duration,
    starts: segmentStarts(keyframes, probed.duration),
  };
}

/** The videoSpec of a file read by ffprobe: its picture as shown (rotation applied). */
export function videoSpecOf(probed: ProbedMedia, size: number): VideoSpec {
  const bitrate = Math.round((size * 8) / Math.max(probed.duration, 0.001));
  const tracks: VideoSpec["tracks"] = [
    { type: "video", codec: probed.video.codec, width: probed.video.displayWidth, height: probed.video.displayHeight, fps: probed.video.fps, bitrate: probed.video.bitrate ?? bitrate },
  ];
  if (probed.audio) tracks.push({ type: "audio", codec: probed.audio.codec, sampleRate: probed.audio.sampleRate, channels: probed.audio.channels, bitrate: 0 });
  return { format: probed.container.split(",")[0], duration: probed.duration, bitrate, tracks };
}
