import { box, fullBox, u32, u64 } from "./box-writer";
import { concat } from "./init-segment";
import type { IndexSegment } from "./index-format";
import type { SampleRecord } from "./segment-plan";

const BASE_IS_MOOF = 0x020000;
/** trun: data offset, and per sample its duration, size, flags and composition offset. */
const TRUN_FLAGS = 0x000001 | 0x000100 | 0x000200 | 0x000400 | 0x000800;
const SYNC_SAMPLE = 0x02000000;
/** sample_depends_on = 1, sample_is_non_sync_sample = 1. */
const NON_SYNC_SAMPLE = 0x01010000;

/** A span of the stored file that goes into the segment as it is. */
export interface FileSpan {
  offset: number;
  length: number;
}

export interface MediaSegment {
  /** `moof` and the `mdat` header, built here. */
  head: Uint8Array;
  /** The mdat's payload: the samples' bytes, in the file's order. */
  body: FileSpan[];
}

interface Run {
  track: number;
  records: SampleRecord[];
  /** Where the run's first sample sits in the mdat's payload. */
  payloadOffset: number;
}

/**
 * A CMAF-style media segment (`moof` + `mdat`) carrying every track: the samples keep the file's
 * order, so the payload is read from storage in one forward pass; each stretch of one track's
 * samples is a `trun` pointing at its place in the `mdat`.
 */
export function mediaSegment(segment: IndexSegment, records: SampleRecord[], sequenceNumber: number): MediaSegment {
  const runs = toRuns(records);
  const tracks = [...new Set(records.map((r) => r.track))].sort((a, b) => a - b);
  const payloadBytes = segment.payloadBytes;
  const mdatHeaderBytes = payloadBytes + 8 > 0xffffffff ? 16 : 8;
  // The trun data offsets depend on the moof's size, which does not depend on their values.
  const build = (dataStart: number) =>
    box(
      "moof",
      fullBox("mfhd", 0, 0, u32(sequenceNumber)),
      ...tracks.map((track) =>
        box(
          "traf",
          fullBox("tfhd", 0, BASE_IS_MOOF, u32(track + 1)),
          fullBox("tfdt", 1, 0, u64(segment.decodeTimes[track])),
          ...runs.filter((run) => run.track === track).map((run) => trun(run, dataStart)),
        ),
      ),
    );
  const moofBytes = build(0).length;
  const moof = build(moofBytes + mdatHeaderBytes);
  const mdatHeader =
    mdatHeaderBytes === 8
      ? concat(u32(payloadBytes + 8), Buffer.from("mdat"))
      : concat(u32(1), Buffer.from("mdat"), u64(payloadBytes + 16));
  return { head: concat(moof, mdatHeader), body: fileSpans(records) };
}

function trun(run: Run, dataStart: number): Uint8Array {
  const samples = new Uint8Array(run.records.length * 16);
  const view = new DataView(samples.buffer);
  run.records.forEach((r, i) => {
    view.setUint32(i * 16, r.duration);
    view.setUint32(i * 16 + 4, r.size);
    view.setUint32(i * 16 + 8, r.sync ? SYNC_SAMPLE : NON_SYNC_SAMPLE);
    view.setInt32(i * 16 + 12, r.compositionOffset);
  });
  // Version 1: signed composition offsets, so B-frames can be shown before they are decoded.
  return fullBox("trun", 1, TRUN_FLAGS, u32(run.records.length, dataStart + run.payloadOffset), samples);
}

function toRuns(records: SampleRecord[]): Run[] {
  const runs: Run[] = [];
  let payloadOffset = 0;
  for (const record of records) {
    const last = runs.at(-1);
    if (last?.track === record.track) last.records.push(record);
    else runs.push({ track: record.track, records: [record], payloadOffset });
    payloadOffset += record.size;
  }
  return runs;
}

/** Adjacent samples merge into one span: a segment is usually one or two reads. */
function fileSpans(records: SampleRecord[]): FileSpan[] {
  const spans: FileSpan[] = [];
  for (const { offset, size } of records) {
    const last = spans.at(-1);
    if (last && last.offset + last.length === offset) last.length += size;
    else spans.push({ offset, length: size });
  }
  return spans;
}
