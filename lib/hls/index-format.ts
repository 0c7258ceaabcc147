import type { PlannedSegment, SampleRecord } from "./segment-plan";
import type { TrackSamples } from "./track-samples";

/*
 * The packaging index stored beside an asset's file: a header (JSON: the tracks and their codec
 * descriptions), a fixed-size row per segment, then one fixed-size record per sample, grouped by
 * segment. A playlist needs the header and the rows; a segment needs those and its own records,
 * read with one ranged read, whatever the length of the film.
 */

/** Bumped when what the packager writes changes: older indexes are then built again. */
export const INDEX_VERSION = 1;
const MAGIC = "VASHLS";
const PREAMBLE_BYTES = 12;
const RECORD_BYTES = 22;

export interface IndexTrack {
  kind: "video" | "audio";
  timescale: number;
  width: number;
  height: number;
  sampleRate: number;
  channels: number;
  sampleEntry: Uint8Array;
}

export interface IndexSegment {
  start: number;
  duration: number;
  decodeTimes: number[];
  firstRecord: number;
  recordCount: number;
  /** The bytes of its samples: the size of its mdat's payload. */
  payloadBytes: number;
}

export interface PackagingIndex {
  version: number;
  tracks: IndexTrack[];
  segments: IndexSegment[];
  /** Where the sample records start in the index's bytes. */
  recordsOffset: number;
}

interface HeaderJson {
  tracks: Array<Omit<IndexTrack, "sampleEntry"> & { sampleEntry: string }>;
  segmentCount: number;
}

export function encodeIndex(tracks: TrackSamples[], segments: PlannedSegment[]): Uint8Array {
  const header: HeaderJson = {
    tracks: tracks.map((t) => ({
      kind: t.kind,
      timescale: t.timescale,
      width: t.width,
      height: t.height,
      sampleRate: t.sampleRate,
      channels: t.channels,
      sampleEntry: Buffer.from(t.sampleEntry).toString("base64"),
    })),
    segmentCount: segments.length,
  };
  const json = Buffer.from(JSON.stringify(header));
  const rowBytes = segmentRowBytes(tracks.length);
  const recordCount = segments.reduce((sum, segment) => sum + segment.records.length, 0);
  const recordsOffset = PREAMBLE_BYTES + json.length + segments.length * rowBytes;
  const out = new Uint8Array(recordsOffset + recordCount * RECORD_BYTES);
  const view = new DataView(out.buffer);
  out.set(Buffer.from(MAGIC), 0);
  view.setUint16(6, INDEX_VERSION);
  view.setUint32(8, json.length);
  out.set(json, PREAMBLE_BYTES);

  let row = PREAMBLE_BYTES + json.length;
  let record = 0;
  for (const segment of segments) {
    view.setFloat64(row, segment.start);
    view.setFloat64(row + 8, segment.duration);
    view.setUint32(row + 16, record);
    view.setUint32(row + 20, segment.records.length);
    view.setFloat64(row + 24, segment.records.reduce((sum, r) => sum + r.size, 0));
    segment.decodeTimes.forEach((time, t) => view.setFloat64(row + 32 + t * 8, time));
    row += rowBytes;
    for (const r of segment.records) writeRecord(view, recordsOffset + record++ * RECORD_BYTES, r);
  }
  return out;
}

function headerLength(preamble: Uint8Array): number {
  checkPreamble(preamble);
  return PREAMBLE_BYTES + new DataView(preamble.buffer, preamble.byteOffset).getUint32(8);
}

/** Whether these bytes start an index this packager can read (else it is built again). */
export function isCurrentIndex(preamble: Uint8Array): boolean {
  try {
    checkPreamble(preamble);
    return true;
  } catch {
    return false;
  }
}

/** Reads the header and the segment rows; `bytes` may end anywhere after them. */
export function decodeIndex(bytes: Uint8Array): { index: PackagingIndex; length: number } {
  const jsonEnd = headerLength(bytes);
  const header = JSON.parse(Buffer.from(bytes.subarray(PREAMBLE_BYTES, jsonEnd)).toString()) as HeaderJson;
  const tracks = header.tracks.map((t) => ({ ...t, sampleEntry: new Uint8Array(Buffer.from(t.sampleEntry, "base64")) }));
  const rowBytes = segmentRowBytes(tracks.length);
  const length = jsonEnd + header.segmentCount * rowBytes;
  if (bytes.length < length) throw new RangeError("the index's segment rows are cut short");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const segments: IndexSegment[] = [];
  for (let s = 0, row = jsonEnd; s < header.segmentCount; s++, row += rowBytes) {
    segments.push({
      start: view.getFloat64(row),
      duration: view.getFloat64(row + 8),
      firstRecord: view.getUint32(row + 16),
      recordCount: view.getUint32(row + 20),
      payloadBytes: view.getFloat64(row + 24),
      decodeTimes: tracks.map((_, t) => view.getFloat64(row + 32 + t * 8)),
    });
  }
  return { index: { version: INDEX_VERSION, tracks, segments, recordsOffset: length }, length };
}

/** Where a segment's records lie in the index's bytes. */
export function recordsRange(index: PackagingIndex, segment: IndexSegment): { start: number; length: number } {
  return { start: index.recordsOffset + segment.firstRecord * RECORD_BYTES, length: segment.recordCount * RECORD_BYTES };
}

export function decodeRecords(bytes: Uint8Array): SampleRecord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: SampleRecord[] = [];
  for (let at = 0; at + RECORD_BYTES <= bytes.length; at += RECORD_BYTES) {
    records.push({
      offset: view.getFloat64(at),
      size: view.getUint32(at + 8),
      duration: view.getUint32(at + 12),
      compositionOffset: view.getInt32(at + 16),
      track: view.getUint8(at + 20),
      sync: view.getUint8(at + 21) === 1,
    });
  }
  return records;
}

function writeRecord(view: DataView, at: number, r: SampleRecord): void {
  view.setFloat64(at, r.offset);
  view.setUint32(at + 8, r.size);
  view.setUint32(at + 12, r.duration);
  view.setInt32(at + 16, r.compositionOffset);
  view.setUint8(at + 20, r.track);
  view.setUint8(at + 21, r.sync ? 1 : 0);
}

function segmentRowBytes(trackCount: number): number {
  return 32 + trackCount * 8;
}

function checkPreamble(bytes: Uint8Array): void {
  if (bytes.length < PREAMBLE_BYTES || Buffer.from(bytes.subarray(0, 6)).toString() !== MAGIC) {
    throw new RangeError("not a packaging index");
  }
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint16(6);
  if (version !== INDEX_VERSION) throw new RangeError(`packaging index version ${version}, expected ${INDEX_VERSION}`);
}
