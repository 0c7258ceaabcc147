import { describeFileStart } from "./file-start";
import { child, children, firstSampleEntry, fourcc, readAudioSampleEntry, sampleTableOf, timing, trackHandler, type Box } from "./mp4-boxes";
import type { AudioTrackSpec, VideoSpec, VideoTrackSpec } from "@/lib/db/schema";
import { MediaRejectedError, type RangeReader } from "./types";

/*
 * Probes an MP4 / ISO-BMFF upload reading only box headers plus the moov box, so a
 * 1 GiB file costs a few KiB of I/O wherever its moov sits. The moov is parsed here
 * rather than with mp4box because mp4box materialises per-sample arrays whose length
 * comes from the file (a 20-byte stsz can claim 4 billion samples and exhaust the heap).
 */

const MAX_MOOV_SIZE = 64 * 1024 * 1024;
const MAX_TOP_LEVEL_BOXES = 1000;
// Box types that may open an ISO-BMFF or QuickTime file.
const FIRST_BOX_TYPES = new Set([
  "ftyp",
  "styp",
  "moov",
  "mdat",
  "free",
  "skip",
  "wide",
  "pdin",
  "meta",
  "uuid",
  "sidx",
  "pnot",
]);
const PRINTABLE_FOURCC = /^[\x20-\x7e]{4}$/;
const H264_FOURCCS = new Set(["avc1", "avc3"]);
const VIDEO_CODEC_NAMES: Record<string, string> = {
  avc1: "h264",
  avc3: "h264",
  hvc1: "hevc",
  hev1: "hevc",
  vp09: "vp9",
  av01: "av1",
  mp4v: "mpeg-4 part 2",
};
const AUDIO_CODEC_NAMES: Record<string, string> = {
  "mp4a.40.2": "aac",
  "mp4a.40.5": "aac",
  "mp4a.40.29": "aac",
  "mp4a.6b": "mp3",
  "mp4a.69": "mp3",
  ".mp3": "mp3",
  opus: "opus",
  Opus: "opus",
  "ac-3": "ac-3",
  "ec-3": "e-ac-3",
  // Uncompressed sound, as QuickTime files from screen recorders and cameras carry it.
  sowt: "pcm",
  twos: "pcm",
  lpcm: "pcm",
  ipcm: "pcm",
  fpcm: "pcm",
};
// Object types 0x66-0x68 are MPEG-2 AAC (Main/LC/SSR), decoded like MPEG-4 AAC (0x40).
const AAC_CODEC = /^mp4a\.(40|66|67|68)(\.|$)/;
// AAC channelConfiguration -> channel count; 0 means "see the program config element", so use the sample entry.
const CHANNELS_BY_CONFIG = [0, 1, 2, 3, 4, 5, 6, 8, 0, 0, 0, 7, 8, 24, 8, 0];

interface SampleStats {
  count: number;
  seconds: number;
  bytes: number;
}

type ParsedTrack =
  | { kind: "video"; fourcc: string; width: number; height: number; samples: SampleStats }
  | { kind: "audio"; codec: string; sampleRate: number; channels: number; samples: SampleStats };

interface ParsedMovie {
  duration: number;
  tracks: ParsedTrack[];
}

export interface ProbedMp4 {
  videoSpec: VideoSpec;
  bytesRead: number;
  /** The moov box's payload, for what else is built from it (the HLS packaging index). */
  moov: DataView;
}

export async function probeMp4(reader: RangeReader): Promise<ProbedMp4> {
  let bytesRead = 0;
  const read = async (offset: number, length: number) => {
    const bytes = await reader.read(offset, length);
    bytesRead += bytes.length;
    return bytes;
  };

  const boxes = await readTopLevelBoxes(reader.size, read);
  const moov = boxes.find((box) => box.type === "moov");
  if (!moov) {
    throw new MediaRejectedError(boxes.some((box) => box.type === "mdat") ? "file is truncated" : "not an MP4 file");
  }
  const moovSize = moov.end - moov.start;
  if (moovSize > MAX_MOOV_SIZE) throw new MediaRejectedError("moov box too large");
  const bytes = await read(moov.start, moovSize);
  if (bytes.length < moovSize) throw new MediaRejectedError("file is truncated");

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let movie: ParsedMovie;
  try {
    movie = parseMoov(view);
  } catch {
    // The moov lies wholly inside the file, so anything unparseable in it is corruption, not truncation.
    throw new MediaRejectedError("not an MP4 file");
  }
  return { videoSpec: toVideoSpec(movie, reader.size), bytesRead, moov: view };
}

async function readTopLevelBoxes(
  fileSize: number,
  read: (offset: number, length: number) => Promise<Uint8Array>,
): Promise<Box[]> {
  if (fileSize === 0) throw new MediaRejectedError("file is empty");
  const boxes: Box[] = [];
  for (let pos = 0; pos < fileSize;) {
    const first = pos === 0;
    const header = await read(pos, Math.min(16, fileSize - pos));
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    const type = header.length < 8 ? "" : fourcc(view, 4);
    // A file that does not even start like one: say what it starts with instead.
    if (first && !FIRST_BOX_TYPES.has(type)) throw new MediaRejectedError(`not an MP4 file (${describeFileStart(header)})`);
    if (header.length < 8) throw new MediaRejectedError("file is truncated");
    if (!PRINTABLE_FOURCC.test(type)) throw new MediaRejectedError("not an MP4 file");
    let size = view.getUint32(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) throw new MediaRejectedError("file is truncated");
      size = Number(view.getBigUint64(8));
      headerSize = 16;
    } else if (size === 0) {
      size = fileSize - pos;
    }
    if (size < headerSize) throw new MediaRejectedError("not an MP4 file");
    if (pos + size > fileSize) throw new MediaRejectedError("file is truncated");
    // Fragments carry the samples outside moov; also stops a walk over thousands of them.
    if (type === "moof") throw new MediaRejectedError("fragmented MP4 is not supported");
    boxes.push({ type, start: pos + headerSize, end: pos + size });
    if (boxes.length > MAX_TOP_LEVEL_BOXES) throw new MediaRejectedError("not an MP4 file");
    pos += size;
  }
  return boxes;
}

function toVideoSpec(movie: ParsedMovie, fileSize: number): VideoSpec {
  const reject = (reason: string) => new MediaRejectedError(reason, describeMovie(movie));
  const videos = movie.tracks.filter((track) => track.kind === "video");
  if (videos.length === 0) throw reject("no video track");
  for (const { fourcc } of videos) {
    if (!H264_FOURCCS.has(fourcc)) {
      throw reject(`unsupported video codec ${describeCodec(VIDEO_CODEC_NAMES, fourcc)}; only H.264 is accepted`);
    }
  }
  for (const track of movie.tracks) {
    if (track.kind === "audio" && !AAC_CODEC.test(track.codec)) {
      throw reject(`unsupported audio codec ${describeCodec(AUDIO_CODEC_NAMES, track.codec)}; only AAC is accepted`);
    }
  }
  if (videos.some(({ samples }) => samples.count === 0 || !(samples.seconds > 0))) {
    throw reject("video track has no frames");
  }

  const duration =
    movie.duration > 0 ? movie.duration : Math.max(...movie.tracks.map((track) => track.samples.seconds));
  return {
    format: "mp4",
    duration: round3(duration),
    bitrate: Math.round((fileSize * 8) / duration),
    tracks: movie.tracks.map((track): VideoTrackSpec | AudioTrackSpec => {
      const bitrate = track.samples.seconds > 0 ? Math.round((track.samples.bytes * 8) / track.samples.seconds) : 0;
      return track.kind === "video"
        ? {
            type: "video",
            codec: "h264",
            width: track.width,
            height: track.height,
            fps: round3(track.samples.count / track.samples.seconds),
            bitrate,
          }
        : { type: "audio", codec: "aac", sampleRate: track.sampleRate, channels: track.channels, bitrate };
    }),
  };
}

/** `MP4 with hevc (hvc1) video 1920×1080 and aac (mp4a.40.2) audio`: what a refused MP4 holds. */
function describeMovie(movie: ParsedMovie): string {
  const tracks = movie.tracks.map((track) =>
    track.kind === "video"
      ? `${describeCodec(VIDEO_CODEC_NAMES, track.fourcc)} video ${track.width}×${track.height}`
      : `${describeCodec(AUDIO_CODEC_NAMES, track.codec)} audio`,
  );
  if (tracks.length === 0) return "MP4 without video or audio tracks";
  return `MP4 with ${tracks.length > 1 ? `${tracks.slice(0, -1).join(", ")} and ${tracks.at(-1)}` : tracks[0]}`;
}

function describeCodec(names: Record<string, string>, codec: string): string {
  const name = names[codec] ?? codec;
  return name === codec ? codec : `${name} (${codec})`;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// ---- moov parsing: throws plain Errors (DataView RangeErrors included) on corrupt data ----

function parseMoov(view: DataView): ParsedMovie {
  const moov: Box = { type: "moov", start: 0, end: view.byteLength };
  const mvhd = timing(view, child(view, moov, "mvhd"));
  const tracks: ParsedTrack[] = [];
  for (const trak of children(view, moov)) {
    if (trak.type !== "trak") continue;
    const track = parseTrack(view, trak);
    if (track) tracks.push(track);
  }
  return { duration: mvhd.duration / mvhd.timescale, tracks };
}

function parseTrack(view: DataView, trak: Box): ParsedTrack | undefined {
  const handler = trackHandler(view, trak);
  if (handler !== "vide" && handler !== "soun") return undefined;

  const stbl = sampleTableOf(view, trak);
  const entry = firstSampleEntry(view, stbl);
  // The sample entry type ends up in user-facing messages, so garbage here is corruption.
  if (!PRINTABLE_FOURCC.test(entry.type)) throw new Error("bad sample entry");
  const samples = sampleStats(view, stbl, timing(view, child(view, child(view, trak, "mdia"), "mdhd")).timescale);

  if (handler === "vide") {
    return {
      kind: "video",
      fourcc: entry.type,
      width: view.getUint16(entry.start + 24),
      height: view.getUint16(entry.start + 26),
      samples,
    };
  }
  const audio = readAudioSampleEntry(view, entry);
  const { codec, channels } =
    entry.type === "mp4a" ? mp4aConfig(view, audio.esds) : { codec: entry.type, channels: undefined };
  return { kind: "audio", codec, sampleRate: audio.sampleRate, channels: channels ?? audio.channels, samples };
}

/**
 * RFC 6381 codec string of an mp4a sample entry (`mp4a.40.2` for AAC-LC, `mp4a.6b` for MP3), plus the
 * channel count from the AAC AudioSpecificConfig: muxers such as ffmpeg write a fixed 2 into the sample entry.
 */
function mp4aConfig(view: DataView, esds: Box | undefined): { codec: string; channels?: number } {
  if (!esds) return { codec: "mp4a" };

  const es = descriptor(view, esds.start + 4, 0x03);
  const flags = view.getUint8(es.start + 2);
  let pos = es.start + 3;
  if (flags & 0x80) pos += 2; // dependsOn_ES_ID
  if (flags & 0x40) pos += 1 + view.getUint8(pos); // URL
  if (flags & 0x20) pos += 2; // OCR_ES_ID
  const config = descriptor(view, pos, 0x04);
  const objectType = view.getUint8(config.start);
  const codec = `mp4a.${objectType.toString(16).padStart(2, "0")}`;
  if (objectType !== 0x40 || config.end - config.start <= 13) return { codec };

  const asc = descriptor(view, config.start + 13, 0x05);
  let bit = 0;
  const bits = (count: number) => {
    let value = 0;
    for (const end = bit + count; bit < end; bit++) {
      if (asc.start + (bit >> 3) >= asc.end) throw new Error("short AudioSpecificConfig");
      value = (value << 1) | ((view.getUint8(asc.start + (bit >> 3)) >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  let audioObjectType = bits(5);
  if (audioObjectType === 31) audioObjectType = 32 + bits(6);
  if (bits(4) === 15) bits(24); // explicit sampling frequency
  return { codec: `${codec}.${audioObjectType}`, channels: CHANNELS_BY_CONFIG[bits(4)] || undefined };
}

function descriptor(view: DataView, pos: number, expectedTag: number): { start: number; end: number } {
  const tag = view.getUint8(pos++);
  if (tag !== expectedTag) throw new Error(`expected descriptor ${expectedTag}, found ${tag}`);
  let length = 0;
  for (let i = 0; i < 4; i++) {
    const byte = view.getUint8(pos++);
    length = (length << 7) | (byte & 0x7f);
    if (!(byte & 0x80)) break;
  }
  return { start: pos, end: pos + length };
}

function sampleStats(view: DataView, stbl: Box, timescale: number): SampleStats {
  const stts = child(view, stbl, "stts");
  const entries = view.getUint32(stts.start + 4);
  if (stts.start + 8 + entries * 8 > stts.end) throw new Error("bad stts");
  let count = 0;
  let ticks = 0;
  for (let i = 0; i < entries; i++) {
    const samples = view.getUint32(stts.start + 8 + i * 8);
    count += samples;
    ticks += samples * view.getUint32(stts.start + 12 + i * 8);
  }
  return { count, seconds: ticks / timescale, bytes: totalSampleBytes(view, stbl) };
}

function totalSampleBytes(view: DataView, stbl: Box): number {
  const sizes = [...children(view, stbl)].find((box) => box.type === "stsz" || box.type === "stz2");
  if (!sizes) throw new Error("no stsz");
  const count = view.getUint32(sizes.start + 8);
  let fieldBits = 32;
  if (sizes.type === "stsz") {
    const constant = view.getUint32(sizes.start + 4);
    if (constant !== 0) return constant * count;
  } else {
    fieldBits = view.getUint8(sizes.start + 7);
  }
  const table = sizes.start + 12;
  if (![4, 8, 16, 32].includes(fieldBits) || table + Math.ceil((count * fieldBits) / 8) > sizes.end) {
    throw new Error("bad sample size table");
  }
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (fieldBits === 32) total += view.getUint32(table + i * 4);
    else if (fieldBits === 16) total += view.getUint16(table + i * 2);
    else if (fieldBits === 8) total += view.getUint8(table + i);
    else total += (view.getUint8(table + (i >> 1)) >> (i & 1 ? 0 : 4)) & 0x0f;
  }
  return total;
}
