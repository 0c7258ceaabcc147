import { fullBox, u8, u16, u32 } from "@/lib/hls/box-writer";
import { concat, initSegment } from "@/lib/hls/init-segment";
import { mediaSegment } from "@/lib/hls/media-segment";
import type { SampleRecord } from "@/lib/hls/segment-plan";
import { isoAudioEntry } from "@/lib/hls/track-samples";
import { runMediaTool, toolReason, type MediaToolLimits } from "@/lib/media/media-tool";
import { SegmentEncodeError } from "./video-segment";

export const AUDIO_SAMPLE_RATE = 48_000;
export const AUDIO_BITRATE = 128_000;
const SAMPLES_PER_FRAME = 1024;
/** About 4 s of AAC frames per audio segment. */
export const AUDIO_FRAMES_PER_SEGMENT = 188;
export const AUDIO_CODECS = "mp4a.40.2";

/** The audio rendition's segments: whole AAC frames, so each lasts a known time before any is made. */
export function audioSegmentDurations(duration: number): number[] {
  return audioSegmentFrames(duration).map((frames) => (frames * SAMPLES_PER_FRAME) / AUDIO_SAMPLE_RATE);
}

/** How many AAC frames each audio segment holds: the whole AUDIO_FRAMES_PER_SEGMENT but the last. */
function audioSegmentFrames(duration: number): number[] {
  const frames = Math.ceil((duration * AUDIO_SAMPLE_RATE) / SAMPLES_PER_FRAME);
  const counts: number[] = [];
  for (let at = 0; at < frames; at += AUDIO_FRAMES_PER_SEGMENT) counts.push(Math.min(AUDIO_FRAMES_PER_SEGMENT, frames - at));
  return counts;
}

export interface AudioStreamJob {
  ffmpeg: string;
  input: string;
  /** Where on the source's timeline the stream starts (seconds): a clip's start; 0 by default. */
  start?: number;
  duration: number;
  limits: MediaToolLimits;
  /** Segments already stored: encoded again (the stream is one), but not handed over. */
  skip(seq: number): boolean;
  /** Each segment as soon as its frames are encoded, in order. */
  onSegment(seq: number, bytes: Uint8Array, init: Uint8Array): Promise<void>;
}

/**
 * Encodes the whole audio track as ONE AAC-LC stream (so there is no gap or click where segments
 * meet: each segment is a run of the same stream's frames), read from ffmpeg as ADTS, and hands
 * over a packaged fMP4 segment every AUDIO_FRAMES_PER_SEGMENT frames. Padded with silence to the
 * video's duration, so every planned segment comes.
 */
export async function encodeAudioStream(job: AudioStreamJob): Promise<void> {
  const args = [
    "-nostdin", "-v", "error", ...(job.start ? ["-ss", job.start.toFixed(6)] : []), "-i", job.input, "-map", "0:a:0", "-vn", "-sn", "-dn",
    "-af", `aresample=${AUDIO_SAMPLE_RATE},apad`, "-t", job.duration.toFixed(6),
    "-ac", "2", "-c:a", "aac", "-b:a", String(AUDIO_BITRATE), "-f", "adts", "pipe:1",
  ];
  // ffmpeg's -t counts the source's timestamps, not its samples: a source whose sound overlaps itself
  // (pieces joined by stream copy, each with its encoder's padding) gives more frames than the time
  // asks. The stream is cut at the planned frames, so it ends with the video.
  const segmentFrames = audioSegmentFrames(job.duration);
  const planned = segmentFrames.length;
  const tool = runMediaTool(job.ffmpeg, args, job.limits, [job.input]);
  let pending: Buffer = Buffer.alloc(0);
  let frames: Uint8Array[] = [];
  let frameIndex = -1; // the first frame is the encoder's priming: dropped, so audio starts at 0
  let seq = 0;
  let init: Uint8Array | undefined;
  const flush = async () => {
    if (!frames.length || seq >= planned) return;
    const n = seq++;
    const taken = frames;
    frames = [];
    if (!job.skip(n)) await job.onSegment(n, packageFrames(n, taken), init!);
  };
  try {
    for await (const chunk of tool.stdout) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      let at = 0;
      while (pending.length - at >= 7) {
        const header = pending.subarray(at, at + 7);
        if (header[0] !== 0xff || (header[1] & 0xf0) !== 0xf0) throw new SegmentEncodeError("ffmpeg's audio stream is not ADTS");
        const length = ((header[3] & 0x03) << 11) | (header[4] << 3) | (header[5] >> 5);
        if (pending.length - at < length) break;
        const headerBytes = header[1] & 0x01 ? 7 : 9;
        init ??= audioInit(header);
        if (frameIndex++ >= 0 && seq < planned) frames.push(pending.subarray(at + headerBytes, at + length));
        at += length;
        if (frames.length === segmentFrames[seq]) await flush();
      }
      pending = Buffer.from(pending.subarray(at));
    }
    const exit = await tool.done;
    if (exit.code !== 0 || exit.stoppedBecause) throw new SegmentEncodeError(`ffmpeg ${toolReason(exit)}`);
    await flush();
    if (seq < planned) throw new SegmentEncodeError(`ffmpeg's audio ended after ${seq} of ${planned} segments`);
  } finally {
    tool.stdout.destroy();
  }
}

function packageFrames(seq: number, frames: Uint8Array[]): Uint8Array {
  const records: SampleRecord[] = [];
  let offset = 0;
  for (const frame of frames) {
    records.push({ offset, size: frame.length, duration: SAMPLES_PER_FRAME, compositionOffset: 0, track: 0, sync: true });
    offset += frame.length;
  }
  const decodeTime = seq * AUDIO_FRAMES_PER_SEGMENT * SAMPLES_PER_FRAME;
  const { head } = mediaSegment(
    { start: decodeTime / AUDIO_SAMPLE_RATE, duration: 0, decodeTimes: [decodeTime], firstRecord: 0, recordCount: records.length, payloadBytes: offset },
    records,
    seq + 1,
  );
  return concat(head, ...frames);
}

/** The init segment of the AAC stream, its AudioSpecificConfig read from the first ADTS header. */
function audioInit(adts: Uint8Array): Uint8Array {
  const objectType = (adts[2] >> 6) + 1;
  const frequencyIndex = (adts[2] >> 2) & 0x0f;
  const channels = ((adts[2] & 0x01) << 2) | (adts[3] >> 6);
  const config = u16((objectType << 11) | (frequencyIndex << 7) | (channels << 3));
  const descriptor = (tag: number, ...payload: Uint8Array[]) => {
    const body = concat(...payload);
    return concat(u8(tag, body.length), body);
  };
  const esds = fullBox(
    "esds", 0, 0,
    descriptor(
      0x03, u16(0), u8(0),
      descriptor(0x04, u8(0x40, 0x15, 0, 0, 0), u32(AUDIO_BITRATE, AUDIO_BITRATE), descriptor(0x05, config)),
      descriptor(0x06, u8(0x02)),
    ),
  );
  return initSegment([{ kind: "audio", timescale: AUDIO_SAMPLE_RATE, width: 0, height: 0, sampleRate: AUDIO_SAMPLE_RATE, channels, sampleEntry: isoAudioEntry(channels, AUDIO_SAMPLE_RATE, esds) }]);
}

