/*
 * Rearranging the top-level boxes of the media fixtures in memory, to put their moov where the
 * browser's pre-upload check (lib/client/pre-upload-check.ts: the first and last MiB) can or cannot
 * see it. Sample offsets are not rewritten: the upload check reads boxes, not samples.
 */

const MiB = 1024 * 1024;

export interface TopLevelBox {
  type: string;
  offset: number;
  size: number;
}

/** The top-level boxes of an MP4 held in memory with 32-bit sizes, up to the first one that does not fit. */
export function topLevelBoxes(bytes: Buffer): TopLevelBox[] {
  const boxes: TopLevelBox[] = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    if (size < 8) break;
    boxes.push({ type: bytes.toString("latin1", offset + 4, offset + 8), offset, size });
    offset += size;
  }
  return boxes;
}

/** A `free` box of `size` bytes (zeros after its header), which every reader skips. */
export function freeBox(size: number): Buffer {
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("free", 4, "latin1");
  return box;
}

/** `bytes` with `inserted` put in front of its top-level box of `type`. */
export function insertBefore(bytes: Buffer, type: string, inserted: Buffer): Buffer {
  const box = topLevelBoxes(bytes).find((candidate) => candidate.type === type);
  if (!box) throw new Error(`no top-level ${type} box`);
  return Buffer.concat([bytes.subarray(0, box.offset), inserted, bytes.subarray(box.offset)]);
}

/**
 * A faststart fixture with 2 MiB `free` boxes before and after its moov: the moov lies in neither
 * the first nor the last MiB, so only the service can judge the file.
 */
export function moovInTheMiddle(bytes: Buffer): Buffer {
  const moov = topLevelBoxes(bytes).find((box) => box.type === "moov");
  if (!moov) throw new Error("no moov box");
  const end = moov.offset + moov.size;
  return Buffer.concat([bytes.subarray(0, moov.offset), freeBox(2 * MiB), bytes.subarray(moov.offset, end), freeBox(2 * MiB), bytes.subarray(end)]);
}

/** A fixture whose moov comes last, that moov grown past `moovBytes` by a `free` box inside it, after a 2 MiB `free` box. */
export function largeMoovAtTheEnd(bytes: Buffer, moovBytes: number): Buffer {
  const boxes = topLevelBoxes(bytes);
  const moov = boxes.at(-1);
  if (moov?.type !== "moov") throw new Error("the moov is not the last box");
  const grown = Buffer.concat([bytes.subarray(moov.offset, moov.offset + moov.size), freeBox(moovBytes)]);
  grown.writeUInt32BE(grown.length, 0);
  return Buffer.concat([bytes.subarray(0, moov.offset), freeBox(2 * MiB), grown]);
}
