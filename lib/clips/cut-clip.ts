import fs from "node:fs";
import path from "node:path";
import type { MediaTools } from "@/lib/media/ffmpeg";
import { runMediaTool, toolReason, type MediaToolLimits } from "@/lib/media/media-tool";
import { probeMedia, videoPacketsBetween, type ProbedMedia } from "@/lib/media/probe-media";
import { encodeAudioStream } from "@/lib/transcode/audio-stream";
import { ladderFor } from "@/lib/transcode/ladder";
import { copyVideoWindow, encodeVideoWindow } from "@/lib/transcode/video-segment";
import { frameStartAt, planClip, type ClipPart } from "./clip-plan";

export interface ClipCutJob {
  tools: MediaTools;
  /** Where ffmpeg reads the source (a file: URL, or a short-lived signed URL, hidden from messages). */
  input: string;
  /** Seconds on the source's timeline, as asked. */
  start: number;
  end: number;
  preset: string;
  threads: number;
  limits: MediaToolLimits;
  /** A directory of this job's own: the pieces and the clip are written there. */
  workDir: string;
  /** The share of the cut done, 0..1. */
  onProgress(fraction: number): void;
}

export class ClipCutError extends Error {
  override readonly name = "ClipCutError";
}

/** The edges are encoded at a higher rate than the source's, so they do not look worse than what is copied beside them. */
const EDGE_BITRATE_SHARE = 1.5;
const MIN_BITRATE = 1_000_000;
const MAX_BITRATE = 40_000_000;

/**
 * Cuts [start, end) of the source into an MP4 (H.264, AAC when the source has sound) whose first
 * frame is the one shown at `start` and whose length is end - start within a frame: the whole GOPs
 * between are copied, the partial ones at the edges encoded again with the transcoder's segment
 * code (a video that cannot be copied, not H.264 or turned, is encoded whole); the sound is
 * encoded as one stream from `start` (the transcoder's audio stream). Returns the file's path.
 */
export async function cutClip(job: ClipCutJob): Promise<string> {
  const source = await probeMedia(job.tools, job.input, { maxVideoPixels: Infinity, maxDurationSeconds: Infinity }, job.limits);
  const { fps } = source.video;
  const start = frameStartAt(job.start, fps);
  const end = Math.min(job.end, source.duration);
  const packets = copyable(source) ? await videoPacketsBetween(job.tools.ffprobe, job.input, job.limits, start, end) : [];
  const parts = planClip(packets, start, end, fps);
  const frames = parts.reduce((sum, part) => sum + part.frames, 0);
  if (frames < 1) throw new ClipCutError("the clip would hold no frame");
  const rung = edgeRung(source);
  const steps = parts.length + (source.audio ? 2 : 1);
  const list: string[] = ["ffconcat version 1.0"];
  for (const [i, part] of parts.entries()) {
    const file = path.join(job.workDir, `part-${i}.ts`);
    await makePart(job, part, rung, fps, file);
    list.push(`file '${path.basename(file)}'`, `duration ${partDuration(part, fps).toFixed(6)}`);
    job.onProgress((i + 1) / steps);
  }
  const listFile = path.join(job.workDir, "parts.ffconcat");
  await fs.promises.writeFile(listFile, `${list.join("\n")}\n`);
  const duration = parts.reduce((sum, part) => sum + partDuration(part, fps), 0);
  const audio = source.audio ? await encodeClipAudio(job, start, duration) : undefined;
  if (audio) job.onProgress((parts.length + 1) / steps);
  const clip = path.join(job.workDir, "clip.mp4");
  const args = [
    "-nostdin", "-v", "error", "-y",
    "-f", "concat", "-safe", "0", "-i", listFile, ...(audio ? ["-i", audio] : []),
    "-map", "0:v:0", ...(audio ? ["-map", "1:a:0"] : []),
    "-c", "copy", "-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", clip,
  ];
  const exit = await runMediaTool(job.tools.ffmpeg, args, job.limits).done;
  if (exit.code !== 0 || exit.stoppedBecause) throw new ClipCutError(`the clip's pieces could not be joined: ffmpeg ${toolReason(exit)}`);
  job.onProgress(1);
  return clip;
}

/**
 * H.264 in MP4/MOV (whose times start at 0, as ffmpeg's seeks count them) stored as shown (no turn,
 * square pixels, even sizes): its GOPs can sit beside frames encoded at its size.
 */
function copyable(source: ProbedMedia): boolean {
  const { video } = source;
  return source.container.includes("mp4") && video.codec === "h264" && video.rotation === 0 && video.width === video.displayWidth && video.height === video.displayHeight && video.width % 2 === 0 && video.height % 2 === 0;
}

/** The picture the encoded pieces are made at: the source's as shown, its frame rate, a rate above its own. */
function edgeRung(source: ProbedMedia) {
  const { video } = source;
  const bitrate = Math.min(MAX_BITRATE, Math.max(MIN_BITRATE, Math.round((video.bitrate ?? 0) * EDGE_BITRATE_SHARE)));
  const picture = { width: video.displayWidth, height: video.displayHeight, fps: video.fps };
  return ladderFor(picture, [{ name: "clip", width: picture.width, height: picture.height, bitrate }], false)[0];
}

function partDuration(part: ClipPart, fps: number): number {
  return part.kind === "copy" ? part.end - part.start : part.frames / fps;
}

async function makePart(job: ClipCutJob, part: ClipPart, rung: ReturnType<typeof edgeRung>, fps: number, file: string) {
  const { ffmpeg } = job.tools;
  if (part.kind === "copy") return copyVideoWindow({ ffmpeg, input: job.input, keyframe: part.start, frames: part.frames, limits: job.limits }, file);
  // A quarter frame early, so the frame that starts at `part.start` is kept whatever the rounding of its time.
  const early = 0.25 / fps;
  const window = { ffmpeg, input: job.input, start: part.start - early, end: part.end - early, rungs: [rung], preset: job.preset, threads: job.threads, limits: job.limits };
  await encodeVideoWindow(window, [file], "mpegts");
}

/** The sound of the clip as one AAC stream from `start`, padded with silence to the clip's length: a fragmented MP4. */
async function encodeClipAudio(job: ClipCutJob, start: number, duration: number): Promise<string> {
  const file = path.join(job.workDir, "audio.mp4");
  const out = await fs.promises.open(file, "w");
  try {
    let wroteInit = false;
    await encodeAudioStream({
      ffmpeg: job.tools.ffmpeg,
      input: job.input,
      start,
      duration,
      limits: job.limits,
      skip: () => false,
      onSegment: async (_seq, bytes, init) => {
        if (!wroteInit) await out.write(init);
        wroteInit = true;
        await out.write(bytes);
      },
    });
  } finally {
    await out.close();
  }
  return file;
}
