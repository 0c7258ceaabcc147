import {
  child,
  children,
  firstSampleEntry,
  optionalChild,
  readAudioSampleEntry,
  sampleTableOf,
  timing,
  trackHandler,
  type Box,
} from "@/lib/media/mp4-boxes";

/** A file the packager cannot cut into segments, though it passed the upload check. */
export class UnpackageableError extends Error {
  override readonly name = "UnpackageableError";
}

/**
 * Every sample of one track, in decode order, as the packager needs them: where its bytes are,
 * how long it lasts, and when it is shown. Typed arrays, so a long film costs a few MB, not objects.
 */
export interface TrackSamples {
  kind: "video" | "audio";
  timescale: number;
  count: number;
  offsets: Float64Array;
  sizes: Uint32Array;
  durations: Uint32Array;
  /** Presentation minus decode time, with the edit list applied (negative when B-frames are shown early). */
  compositionOffsets: Int32Array;
  /** 1 for a sync sample (a keyframe); every audio sample is one. */
  sync: Uint8Array;
  /** The codec's sample entry (avc1 with its avcC, or a clean mp4a with its esds), for the init segment. */
  sampleEntry: Uint8Array;
  width: number;
  height: number;
  sampleRate: number;
  channels: number;
}

/**
 * The first video track and the first audio track of a moov; the other tracks are not streamed.
 * A sample table the upload check did not need and cannot be read makes the file unpackageable.
 */
export function readTrackSamples(moov: DataView): TrackSamples[] {
  try {
    return readTracks(moov);
  } catch (error) {
    if (error instanceof UnpackageableError) throw error;
    throw new UnpackageableError(`its sample tables cannot be read: ${(error as Error).message}`);
  }
}

function readTracks(moov: DataView): TrackSamples[] {
  const root: Box = { type: "moov", start: 0, end: moov.byteLength };
  const movieTimescale = timing(moov, child(moov, root, "mvhd")).timescale;
  const tracks: TrackSamples[] = [];
  for (const kind of ["video", "audio"] as const) {
    const handler = kind === "video" ? "vide" : "soun";
    const trak = [...children(moov, root)].find((box) => box.type === "trak" && trackHandler(moov, box) === handler);
    if (trak) tracks.push(readTrack(moov, trak, kind, movieTimescale));
  }
  if (!tracks.some((track) => track.kind === "video")) throw new UnpackageableError("no video track");
  return tracks;
}

function readTrack(view: DataView, trak: Box, kind: "video" | "audio", movieTimescale: number): TrackSamples {
  const stbl = sampleTableOf(view, trak);
  const timescale = timing(view, child(view, child(view, trak, "mdia"), "mdhd")).timescale;
  const durations = readDurations(view, child(view, stbl, "stts"));
  const count = durations.length;
  const sizes = readSizes(view, stbl, count);
  const offsets = readOffsets(view, stbl, sizes);
  const compositionOffsets = readCompositionOffsets(view, stbl, count);
  const shift = editShift(view, trak, movieTimescale, timescale);
  if (shift !== 0) for (let i = 0; i < count; i++) compositionOffsets[i] += shift;
  const sync = readSync(view, stbl, count, kind);
  const entry = firstSampleEntry(view, stbl);
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  if (kind === "video") {
    return {
      kind, timescale, count, offsets, sizes, durations, compositionOffsets, sync,
      // A visual sample entry reads the same in QuickTime and ISO files: kept as it is.
      sampleEntry: bytes.slice(entry.start - 8, entry.end),
      width: view.getUint16(entry.start + 24),
      height: view.getUint16(entry.start + 26),
      sampleRate: 0,
      channels: 0,
    };
  }
  const audio = readAudioSampleEntry(view, entry);
  if (!audio.esds) throw new UnpackageableError("the audio track has no esds");
  return {
    kind, timescale, count, offsets, sizes, durations, compositionOffsets, sync,
    sampleEntry: isoAudioEntry(audio.channels, audio.sampleRate, bytes.subarray(audio.esds.start - 8, audio.esds.end)),
    width: 0,
    height: 0,
    sampleRate: audio.sampleRate,
    channels: audio.channels,
  };
}

function readDurations(view: DataView, stts: Box): Uint32Array {
  const entries = view.getUint32(stts.start + 4);
  if (stts.start + 8 + entries * 8 > stts.end) throw new Error("bad stts");
  let count = 0;
  for (let i = 0; i < entries; i++) count += view.getUint32(stts.start + 8 + i * 8);
  const durations = new Uint32Array(count);
  for (let i = 0, at = 0; i < entries; i++) {
    const run = view.getUint32(stts.start + 8 + i * 8);
    durations.fill(view.getUint32(stts.start + 12 + i * 8), at, at + run);
    at += run;
  }
  return durations;
}

function readSizes(view: DataView, stbl: Box, count: number): Uint32Array {
  const box = optionalChild(view, stbl, "stsz") ?? child(view, stbl, "stz2");
  const listed = view.getUint32(box.start + 8);
  if (listed !== count) throw new Error(`${box.type} lists ${listed} samples, stts ${count}`);
  const sizes = new Uint32Array(count);
  if (box.type === "stsz" && view.getUint32(box.start + 4) !== 0) return sizes.fill(view.getUint32(box.start + 4));
  const bits = box.type === "stsz" ? 32 : view.getUint8(box.start + 7);
  const table = box.start + 12;
  if (![4, 8, 16, 32].includes(bits) || table + Math.ceil((count * bits) / 8) > box.end) throw new Error("bad sample size table");
  for (let i = 0; i < count; i++) {
    if (bits === 32) sizes[i] = view.getUint32(table + i * 4);
    else if (bits === 16) sizes[i] = view.getUint16(table + i * 2);
    else if (bits === 8) sizes[i] = view.getUint8(table + i);
    else sizes[i] = (view.getUint8(table + (i >> 1)) >> (i & 1 ? 0 : 4)) & 0x0f;
  }
  return sizes;
}

/** Each sample's file offset, from the chunk offsets (stco/co64) and the samples per chunk (stsc). */
function readOffsets(view: DataView, stbl: Box, sizes: Uint32Array): Float64Array {
  const chunks = readChunkOffsets(view, stbl);
  const stsc = child(view, stbl, "stsc");
  const entries = view.getUint32(stsc.start + 4);
  if (stsc.start + 8 + entries * 12 > stsc.end) throw new Error("bad stsc");
  const offsets = new Float64Array(sizes.length);
  let sample = 0;
  for (let i = 0; i < entries && sample < sizes.length; i++) {
    const at = stsc.start + 8 + i * 12;
    const firstChunk = view.getUint32(at) - 1;
    const lastChunk = i + 1 < entries ? view.getUint32(at + 12) - 1 : chunks.length;
    const perChunk = view.getUint32(at + 4);
    if (view.getUint32(at + 8) !== 1) throw new UnpackageableError("the track changes its codec description midway");
    if (lastChunk > chunks.length || firstChunk < 0) throw new Error("bad stsc chunk numbers");
    for (let chunk = firstChunk; chunk < lastChunk && sample < sizes.length; chunk++) {
      let offset = chunks[chunk];
      for (let n = 0; n < perChunk && sample < sizes.length; n++, sample++) {
        offsets[sample] = offset;
        offset += sizes[sample];
      }
    }
  }
  if (sample < sizes.length) throw new Error("the chunks hold fewer samples than the track lists");
  return offsets;
}

function readChunkOffsets(view: DataView, stbl: Box): Float64Array {
  const box = optionalChild(view, stbl, "stco") ?? child(view, stbl, "co64");
  const count = view.getUint32(box.start + 4);
  const wide = box.type === "co64";
  if (box.start + 8 + count * (wide ? 8 : 4) > box.end) throw new Error(`bad ${box.type}`);
  const offsets = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    offsets[i] = wide ? Number(view.getBigUint64(box.start + 8 + i * 8)) : view.getUint32(box.start + 8 + i * 4);
  }
  return offsets;
}

function readCompositionOffsets(view: DataView, stbl: Box, count: number): Int32Array {
  const offsets = new Int32Array(count);
  const ctts = optionalChild(view, stbl, "ctts");
  if (!ctts) return offsets;
  const entries = view.getUint32(ctts.start + 4);
  if (ctts.start + 8 + entries * 8 > ctts.end) throw new Error("bad ctts");
  for (let i = 0, at = 0; i < entries && at < count; i++) {
    const run = Math.min(view.getUint32(ctts.start + 8 + i * 8), count - at);
    // Version 0 is unsigned by the letter, but writers put negative offsets in it too.
    offsets.fill(view.getInt32(ctts.start + 12 + i * 8), at, at + run);
    at += run;
  }
  return offsets;
}

function readSync(view: DataView, stbl: Box, count: number, kind: "video" | "audio"): Uint8Array {
  const stss = kind === "video" ? optionalChild(view, stbl, "stss") : undefined;
  if (!stss) return new Uint8Array(count).fill(1);
  const sync = new Uint8Array(count);
  const entries = view.getUint32(stss.start + 4);
  if (stss.start + 8 + entries * 4 > stss.end) throw new Error("bad stss");
  for (let i = 0; i < entries; i++) {
    const sample = view.getUint32(stss.start + 8 + i * 4) - 1;
    if (sample >= 0 && sample < count) sync[sample] = 1;
  }
  return sync;
}

/**
 * How far the edit list moves the track's presentation, in its timescale: leading empty edits
 * delay it, the first real edit's media time (B-frame delay, AAC priming) starts it earlier.
 * Later edits are ignored, as most players do.
 */
function editShift(view: DataView, trak: Box, movieTimescale: number, timescale: number): number {
  const edts = optionalChild(view, trak, "edts");
  const elst = edts && optionalChild(view, edts, "elst");
  if (!elst) return 0;
  const v1 = view.getUint8(elst.start) === 1;
  const entries = view.getUint32(elst.start + 4);
  const size = v1 ? 20 : 12;
  if (elst.start + 8 + entries * size > elst.end) throw new Error("bad elst");
  let empty = 0;
  for (let i = 0; i < entries; i++) {
    const at = elst.start + 8 + i * size;
    const duration = v1 ? Number(view.getBigUint64(at)) : view.getUint32(at);
    const mediaTime = v1 ? Number(view.getBigInt64(at + 8)) : view.getInt32(at + 4);
    if (mediaTime === -1) {
      empty += duration;
      continue;
    }
    return Math.round((empty * timescale) / movieTimescale) - mediaTime;
  }
  return 0;
}

/** An ISO AudioSampleEntry: QuickTime's sound descriptions (v1, v2) confuse browsers' fMP4 parsers. */
export function isoAudioEntry(channels: number, sampleRate: number, esds: Uint8Array): Uint8Array {
  const entry = new Uint8Array(36 + esds.length);
  const view = new DataView(entry.buffer);
  view.setUint32(0, entry.length);
  entry.set([0x6d, 0x70, 0x34, 0x61], 4); // mp4a
  view.setUint16(14, 1); // data_reference_index
  view.setUint16(24, channels);
  view.setUint16(26, 16); // samplesize
  view.setUint32(32, sampleRate < 65536 ? Math.round(sampleRate) * 65536 : 0);
  entry.set(esds, 36);
  return entry;
}
