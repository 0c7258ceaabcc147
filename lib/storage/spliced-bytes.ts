import { Readable } from "node:stream";
import type { ByteRange, ByteSource, Storage } from "./types";

/** Bytes made here (a box header), or a span of the stored object. */
export type SplicePart = { bytes: Uint8Array } | { offset: number; length: number };

/**
 * Spans this close together are read as one, the bytes between them read and dropped: one ranged
 * request instead of many (S3), for a few KiB more read.
 */
const MAX_SKIPPED_BYTES = 16 * 1024;

/**
 * An answer assembled from made bytes and spans of one stored object, streamed: only the spans
 * are read from storage, front to back, nearby ones in one ranged read. Any byte range of it can
 * be opened, reading only what that range needs.
 */
export function splicedBytes(storage: Storage, key: string, parts: SplicePart[]): ByteSource {
  const size = parts.reduce((sum, part) => sum + partLength(part), 0);
  return {
    size,
    open: async (range) => Readable.from(readParts(storage, key, partsWithin(parts, range))),
  };
}

function partLength(part: SplicePart): number {
  return "bytes" in part ? part.bytes.length : part.length;
}

/** The parts, trimmed to the range (both ends included). */
function partsWithin(parts: SplicePart[], range: ByteRange): SplicePart[] {
  const within: SplicePart[] = [];
  let position = 0;
  for (const part of parts) {
    const length = partLength(part);
    const from = Math.max(range.start, position);
    const to = Math.min(range.end + 1, position + length);
    if (to > from) {
      const skip = from - position;
      within.push("bytes" in part ? { bytes: part.bytes.subarray(skip, skip + to - from) } : { offset: part.offset + skip, length: to - from });
    }
    position += length;
    if (position > range.end) break;
  }
  return within;
}

async function* readParts(storage: Storage, key: string, parts: SplicePart[]): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < parts.length;) {
    const first = parts[i];
    if ("bytes" in first) {
      yield first.bytes;
      i++;
      continue;
    }
    const spans = [first];
    let end = first.offset + first.length;
    for (let next = parts[i + 1]; next && !("bytes" in next) && next.offset >= end && next.offset - end <= MAX_SKIPPED_BYTES; next = parts[i + spans.length]) {
      spans.push(next);
      end = next.offset + next.length;
    }
    i += spans.length;
    if (end > first.offset) yield* readSpans(storage, key, spans, first.offset, end);
  }
}

/** One ranged read from `start` to `end`, giving out only the bytes of the spans. */
async function* readSpans(
  storage: Storage,
  key: string,
  spans: Array<{ offset: number; length: number }>,
  start: number,
  end: number,
): AsyncGenerator<Uint8Array> {
  const stream = await storage.createReadStream(key, { start, end: end - 1 });
  let position = start;
  let span = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      const chunkEnd = position + chunk.length;
      for (let from = position; span < spans.length && from < chunkEnd;) {
        const spanEnd = spans[span].offset + spans[span].length;
        from = Math.max(from, spans[span].offset);
        if (from >= chunkEnd) break;
        const to = Math.min(spanEnd, chunkEnd);
        if (to > from) yield chunk.subarray(from - position, to - position);
        from = to;
        if (to === spanEnd) span++;
      }
      position = chunkEnd;
    }
  } finally {
    stream.destroy();
  }
  if (position < end) throw new Error(`${key} ended at byte ${position}, before ${end}`);
}

/** Bytes made in memory (a playlist, an init segment), answered like stored ones. */
export function memoryBytes(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, open: async (range) => Readable.from([bytes.subarray(range.start, range.end + 1)]) };
}
