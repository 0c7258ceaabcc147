import readline from "node:readline";
import { z } from "zod";
import { runMediaTool, runMediaToolForOutput, toolReason, type MediaToolLimits } from "./media-tool";
import { MediaRejectedError } from "./types";

/** What ffprobe says of a file that has a video stream, with the picture as it is shown (rotation applied). */
export interface ProbedMedia {
  container: string;
  duration: number;
  video: { codec: string; width: number; height: number; displayWidth: number; displayHeight: number; rotation: number; fps: number; bitrate?: number };
  audio?: { codec: string; channels: number; sampleRate: number };
}

export interface ProbeLimits {
  maxVideoPixels: number;
  maxDurationSeconds: number;
}

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  sample_aspect_ratio: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  duration: z.string().optional(),
  bit_rate: z.string().optional(),
  channels: z.number().optional(),
  sample_rate: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).loose().optional(),
});
const probeSchema = z.object({
  streams: z.array(streamSchema.loose()).default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).loose().optional(),
});

const PROBE_OUTPUT_BYTES = 1024 * 1024;

/**
 * ffprobe's view of the file, or MediaRejectedError with the reason a person can act on: not a
 * video ffmpeg reads, no video track, too many pixels, too long, or a first frame that does not decode.
 */
export async function probeMedia(tools: { ffmpeg: string; ffprobe: string }, input: string, limits: ProbeLimits, run: MediaToolLimits): Promise<ProbedMedia> {
  const { exit, output } = await runMediaToolForOutput(
    tools.ffprobe,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", input],
    run,
    PROBE_OUTPUT_BYTES,
    [input],
  );
  if (exit.code !== 0 || exit.stoppedBecause) {
    const reason = readerReason(exit.stderr, exit.stoppedBecause);
    throw new MediaRejectedError(/moov atom not found|end of file|truncat/i.test(reason) ? `the file is truncated (${reason})` : `the file is not a video ffmpeg can read (${reason})`);
  }
  const parsed = probeSchema.safeParse(JSON.parse(output.toString("utf8") || "{}"));
  if (!parsed.success) throw new MediaRejectedError("the file is not a video ffmpeg can read (ffprobe's answer was not understood)");
  const { streams, format } = parsed.data;
  const container = format?.format_name ?? "unknown";
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  // ffmpeg reads a picture (PNG, JPEG, …) as a video of one frame.
  if (video && (/_pipe$|^image2$/.test(container) || /^(png|bmp|tiff|webp)$/.test(video.codec_name ?? ""))) {
    throw new MediaRejectedError(`the file is a still image (${video.codec_name ?? container}), not a video`, `${container} with ${video.codec_name ?? "unknown"} image`);
  }
  if (!video || !video.width || !video.height) {
    throw new MediaRejectedError("the file has no video track", `${container} with ${audio ? `${audio.codec_name ?? "unknown"} audio` : "no audio or video"}`);
  }
  const rotation = rotationOf(video);
  const sar = ratio(video.sample_aspect_ratio?.replace(":", "/")) || 1;
  const width = Math.round(video.width * (sar > 0 ? sar : 1));
  const turned = Math.abs(rotation) % 180 === 90;
  const displayWidth = turned ? video.height : width;
  const displayHeight = turned ? width : video.height;
  const duration = Number(format?.duration ?? video.duration ?? NaN);
  const detected = `${container} with ${video.codec_name ?? "unknown"} video${audio ? ` and ${audio.codec_name ?? "unknown"} audio` : ""}`;
  if (video.width * video.height > limits.maxVideoPixels) {
    throw new MediaRejectedError(`the video is ${video.width}×${video.height}, more than ${limits.maxVideoPixels} pixels a frame (MAX_VIDEO_PIXELS)`, detected);
  }
  if (!Number.isFinite(duration) || duration <= 0) throw new MediaRejectedError("the file is truncated or its duration cannot be read", detected);
  if (duration > limits.maxDurationSeconds) {
    throw new MediaRejectedError(`the video lasts ${Math.round(duration)} s, longer than ${limits.maxDurationSeconds} s (MAX_DURATION_S)`, detected);
  }
  await checkFirstFrameDecodes(tools.ffmpeg, input, run, detected);
  const fps = ratio(video.avg_frame_rate) || ratio(video.r_frame_rate) || 30;
  return {
    container,
    duration,
    video: { codec: video.codec_name ?? "unknown", width: video.width, height: video.height, displayWidth, displayHeight, rotation, fps: Math.min(fps, 240), bitrate: Number(video.bit_rate) || undefined },
    audio: audio ? { codec: audio.codec_name ?? "unknown", channels: audio.channels ?? 2, sampleRate: Number(audio.sample_rate) || 48000 } : undefined,
  };
}

async function checkFirstFrameDecodes(ffmpeg: string, input: string, run: MediaToolLimits, detected: string) {
  const args = ["-nostdin", "-v", "error", "-xerror", "-i", input, "-map", "0:v:0", "-frames:v", "1", "-f", "null", "-"];
  const exit = await runMediaTool(ffmpeg, args, run, [input]).done;
  if (exit.code !== 0 || exit.stoppedBecause) throw new MediaRejectedError(`the video cannot be decoded (${readerReason(exit.stderr, exit.stoppedBecause)})`, detected);
}

/**
 * The times (seconds) of the first video stream's keyframes, read from the packets without decoding:
 * where segments can start without decoding what comes before.
 */
export async function keyframeTimes(ffprobe: string, input: string, run: MediaToolLimits): Promise<number[]> {
  const times: number[] = [];
  await eachVideoPacket(ffprobe, input, run, undefined, (time, key) => {
    if (key) times.push(time);
  });
  return times.sort((a, b) => a - b);
}

export interface VideoPacket {
  /** Presentation time, seconds. */
  time: number;
  key: boolean;
}

/**
 * The first video stream's packets shown from `start` to `end` (seconds), in presentation order:
 * ffprobe seeks to the keyframe before `start` and reads a little past `end`, so a clip of a long
 * file reads only its part.
 */
export async function videoPacketsBetween(ffprobe: string, input: string, run: MediaToolLimits, start: number, end: number): Promise<VideoPacket[]> {
  const packets: VideoPacket[] = [];
  // B-frames shown before `end` may be stored after a packet shown past it.
  const interval = `${Math.max(0, start).toFixed(6)}%${(end + 2).toFixed(6)}`;
  await eachVideoPacket(ffprobe, input, run, interval, (time, key) => {
    if (time < end + 1) packets.push({ time, key });
  });
  return packets.sort((a, b) => a.time - b.time);
}

async function eachVideoPacket(ffprobe: string, input: string, run: MediaToolLimits, interval: string | undefined, visit: (time: number, key: boolean) => void) {
  const args = ["-v", "error", "-select_streams", "v:0", ...(interval ? ["-read_intervals", interval] : []), "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0", input];
  const tool = runMediaTool(ffprobe, args, run, [input]);
  for await (const line of readline.createInterface({ input: tool.stdout })) {
    const [time, flags] = line.split(",");
    if (flags !== undefined && Number.isFinite(Number(time)) && time !== "") visit(Number(time), flags.startsWith("K"));
  }
  const exit = await tool.done;
  if (exit.code !== 0 || exit.stoppedBecause) throw new MediaRejectedError(`the file's packets cannot be read (${toolReason(exit)})`);
}

function rotationOf(stream: z.infer<typeof streamSchema>): number {
  const fromSideData = stream.side_data_list?.find((data) => typeof data.rotation === "number")?.rotation;
  const rotation = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(rotation) ? ((Math.round(rotation) % 360) + 360) % 360 : 0;
}

function ratio(text: string | undefined): number {
  const [a, b] = (text ?? "").split("/").map(Number);
  if (!Number.isFinite(a) || !b) return 0;
  return a / b;
}

function readerReason(stderr: string, stoppedBecause: string | undefined): string {
  if (stoppedBecause) return stoppedBecause;
  const line = stderr.split("\n").map((l) => l.replace(/^.*?: /, "").trim()).filter(Boolean).at(-1);
  return line?.slice(0, 200) ?? "ffmpeg gave no reason";
}
