import type { RangeReader } from "./types";

/** Some of a file's bytes, starting at `offset`. */
export interface ByteWindow {
  offset: number;
  bytes: Uint8Array;
}

/** A read asked for bytes that are not at hand: what the file is cannot be told from them alone. */
export class OutsideWindowsError extends Error {
  constructor(offset: number, end: number) {
    super(`bytes ${offset}..${end} are not at hand`);
    this.name = "OutsideWindowsError";
  }
}

/**
 * A RangeReader over some windows of a file of `size` bytes (its first and last megabytes, say):
 * a read is answered exactly as the whole file would answer it when its bytes lie in one window,
 * and refused with OutsideWindowsError otherwise, so that a check run over it either reaches the
 * same verdict as over the whole file or none.
 */
export function windowedRangeReader(size: number, windows: ByteWindow[]): RangeReader {
  return {
    size,
    async read(offset, length) {
      // As the file reader: short only at the end of the file, empty past it.
      const end = Math.max(offset, Math.min(offset + length, size));
      if (end === offset) return new Uint8Array(0);
      const window = windows.find((w) => w.offset <= offset && end <= w.offset + w.bytes.length);
      if (!window) throw new OutsideWindowsError(offset, end);
      return window.bytes.subarray(offset - window.offset, end - window.offset);
    },
  };
}
