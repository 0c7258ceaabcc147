import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { initSegment } from "@/lib/hls/init-segment";
import { mediaSegment } from "@/lib/hls/media-segment";
import type { SampleRecord } from "@/lib/hls/segment-plan";
import { readTrackSamples } from "@/lib/hls/track-samples";
import { openFileRangeReader } from "@/lib/media/file-range-reader";
import { runMediaTool, toolReason, type MediaToolLimits } from "@/lib/media/media-tool";
import { probeMp4 } from "@/lib/media/probe-mp4";
import type { Rung } from "./ladder";

/** Every rung's track is in this timescale, so a frame's duration is a whole number of ticks at the usual rates. */
export const VIDEO_TIMESCALE = 90_000;

export interface VideoSegmentJob {
  ffmpeg: string;
  /** Where ffmpeg reads the source (a file: URL, or a short-lived signed URL, hidden from messages). */
  input: string;
  seq: number;
  /** Seconds on the source's timeline. */
  start: number;
  end: number;
  rungs: Rung[];
  preset: string;
  threads: number;
  limits: MediaToolLimits;
  /** A directory of this job's own: the encoded and packaged files are written there. */
  workDir: string;
  /** Called when ffmpeg has ended well, before the files are packaged. */
  onEncoded?: () => void;
}

export interface MadeVideoSegment {
  rung: Rung;
  /** The fMP4 media segment (`moof` + `mdat`), ready to store. */
  file: string;
  init: Uint8Array;
}

export class SegmentEncodeError extends Error {
  override readonly name = "SegmentEncodeError";
}

/** The frames of the rung that belong to segment [start, end): on the rung's own frame grid, so segments meet exactly. */
export function frameSpan(rung: Pick<Rung, "fps">, start: number, end: number) {
  const first = Math.round(start * rung.fps);
  const count = Math.max(1, Math.round(end * rung.fps) - first);
  const ticks = Math.round(VIDEO_TIMESCALE / rung.fps);
  return { first, count, ticks, decodeTime: first * ticks };
}

/**
 * Makes one segment of each rung with one ffmpeg run (encodeVideoWindow), then packages each as an
 * fMP4 media segment whose decode time places it on the asset's timeline. Each starts with a
 * keyframe: it is its own encode.
 */
export async function makeVideoSegments(job: VideoSegmentJob): Promise<MadeVideoSegment[]> {
  const encoded = job.rungs.map((rung) => path.join(job.workDir, `${rung.dir}-${job.seq}.mp4`));
  try {
    await encodeVideoWindow(job, encoded, "mp4");
    job.onEncoded?.();
    return await Promise.all(job.rungs.map((rung, i) => packageSegment(rung, job, encoded[i])));
  } finally {
    await Promise.all(encoded.map((file) => fs.promises.rm(file, { force: true })));
  }
}

export type VideoWindowJob = Pick<VideoSegmentJob, "ffmpeg" | "input" | "start" | "end" | "rungs" | "preset" | "threads" | "limits">;

/**
 * Encodes the source's [start, end) once per rung with one ffmpeg run (the source decoded once from
 * the keyframe before `start`, split, scaled and encoded per rung), each into `outputs[i]`: the
 * rung's frames of that window (frameSpan), the first a keyframe and the only one. `mpegts` keeps
 * the parameter sets in the stream, so the window can be joined to other H.264 (a clip's edges).
 */
export async function encodeVideoWindow(job: VideoWindowJob, outputs: string[], container: "mp4" | "mpegts"): Promise<void> {
  const chains = job.rungs.map(
    (rung, i) => `[v${i}]fps=${rung.fps},scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1,format=yuv420p[o${i}]`,
  );
  const split = job.rungs.length > 1 ? `[0:v:0]split=${job.rungs.length}${job.rungs.map((_, i) => `[v${i}]`).join("")};` : "[0:v:0]null[v0];";
  const args = [
    "-nostdin", "-v", "error", "-y",
    "-ss", job.start.toFixed(6), "-i", job.input,
    "-filter_complex", split + chains.join(";"),
    "-filter_threads", String(job.threads),
  ];
  job.rungs.forEach((rung, i) => {
    const span = frameSpan(rung, job.start, job.end);
    args.push(
      "-map", `[o${i}]`, "-an", "-sn", "-dn", "-frames:v", String(span.count),
      "-c:v", "libx264", "-preset", job.preset, "-profile:v", "high", "-level:v", (rung.level / 10).toFixed(1),
      // 8x8dct keeps High profile whatever the preset, so the CODECS announced before encoding stay true.
      "-x264-params", "8x8dct=1:scenecut=0",
      "-threads", String(job.threads),
      "-b:v", String(rung.bitrate), "-maxrate", String(rung.maxrate), "-bufsize", String(rung.bufsize),
      "-g", String(Math.max(span.count, 1)),
      ...(container === "mp4" ? ["-video_track_timescale", String(VIDEO_TIMESCALE)] : []),
      "-map_metadata", "-1", "-f", container, outputs[i],
    );
  });
  const exit = await runMediaTool(job.ffmpeg, args, job.limits, [job.input]).done;
  if (exit.code !== 0 || exit.stoppedBecause) throw new SegmentEncodeError(`ffmpeg ${toolReason(exit)}`);
}

async function packageSegment(rung: Rung, job: VideoSegmentJob, encoded: string): Promise<MadeVideoSegment> {
  const reader = await openFileRangeReader(encoded);
  let track;
  try {
    const { moov } = await probeMp4(reader).catch((error: Error) => {
      throw new SegmentEncodeError(`ffmpeg made no usable segment (${error.message})`);
    });
    track = readTrackSamples(moov).find((t) => t.kind === "video")!;
  } finally {
    await reader.close();
  }
  if (track.count === 0) throw new SegmentEncodeError("ffmpeg made an empty segment");
  const span = frameSpan(rung, job.start, job.end);
  const scale = VIDEO_TIMESCALE / track.timescale;
  const records: SampleRecord[] = [];
  let payloadBytes = 0;
  for (let i = 0; i < track.count; i++) {
    records.push({
      offset: track.offsets[i],
      size: track.sizes[i],
      // Every frame lasts one tick-exact frame of the rung: segments made apart still meet without gap.
      duration: span.ticks,
      compositionOffset: Math.round(track.compositionOffsets[i] * scale),
      track: 0,
      sync: track.sync[i] === 1,
    });
    payloadBytes += track.sizes[i];
  }
  const { head, body } = mediaSegment(
    { start: job.start, duration: job.end - job.start, decodeTimes: [span.decodeTime], firstRecord: 0, recordCount: records.length, payloadBytes },
    records,
    job.seq + 1,
  );
  const file = path.join(job.workDir, `${rung.dir}-${job.seq}.m4s`);
  const out = fs.createWriteStream(file);
  out.write(head);
  for (const part of body) await pipeline(fs.createReadStream(encoded, { start: part.offset, end: part.offset + part.length - 1 }), out, { end: false });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const init = initSegment([{ kind: "video", timescale: VIDEO_TIMESCALE, width: rung.width, height: rung.height, sampleRate: 0, channels: 0, sampleEntry: track.sampleEntry }]);
  return { rung, file, init };
}

export interface VideoCopyJob {
  ffmpeg: string;
  input: string;
  /** A keyframe's time on the source's timeline (seconds): the copy starts there. */
  keyframe: number;
  /** How many frames (packets) to copy: whole GOPs, so it ends just before a keyframe. */
  frames: number;
  limits: MediaToolLimits;
}

/**
 * Copies whole GOPs of the source's video, from `keyframe` on, into an MPEG-TS file without
 * encoding them again: the middle of a clip. MPEG-TS carries each GOP's parameter sets in the
 * stream, so it joins the encoded edges (encodeVideoWindow) whatever their encoder's settings.
 */
export async function copyVideoWindow(job: VideoCopyJob, output: string): Promise<void> {
  const args = [
    "-nostdin", "-v", "error", "-y",
    // Just past the keyframe: ffmpeg seeks to the keyframe at or before it, which is this one, whatever the rounding.
    "-ss", (job.keyframe + 0.0005).toFixed(6), "-i", job.input,
    "-map", "0:v:0", "-an", "-sn", "-dn", "-c:v", "copy", "-frames:v", String(job.frames),
    "-map_metadata", "-1", "-f", "mpegts", output,
  ];
  const exit = await runMediaTool(job.ffmpeg, args, job.limits, [job.input]).done;
  if (exit.code !== 0 || exit.stoppedBecause) throw new SegmentEncodeError(`ffmpeg ${toolReason(exit)}`);
}
