import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { media } from "./dashboard";

const BOX_HEADER_BYTES = 8;

/** The top-level boxes of an MP4: where each starts, and its type. */
function topLevelBoxes(bytes: Buffer): Array<{ offset: number; type: string }> {
  const boxes: Array<{ offset: number; type: string }> = [];
  for (let offset = 0; offset < bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    boxes.push({ offset, type });
    if (size === 0) break;
    offset += size === 1 ? Number(bytes.readBigUInt64BE(offset + 8)) : size;
  }
  return boxes;
}

/**
 * A valid H.264/AAC MP4 of exactly `totalBytes`: the fixture whose `moov` comes last, with a
 * zero-filled top-level `free` box inserted before the `moov`. Readers skip `free`, and the
 * sample offsets in `moov` still point into `mdat`, which comes before the insertion.
 */
export function paddedMp4(totalBytes: number): Buffer {
  const fixture = media("h264-aac-moov-end.mp4");
  const moov = topLevelBoxes(fixture).find((box) => box.type === "moov");
  if (!moov) throw new Error("the fixture has no moov box");
  const free = Buffer.alloc(totalBytes - fixture.length);
  if (free.length < BOX_HEADER_BYTES) throw new Error(`${totalBytes} bytes is too small to pad the fixture`);
  free.writeUInt32BE(free.length, 0);
  free.write("free", 4, "latin1");
  return Buffer.concat([fixture.subarray(0, moov.offset), free, fixture.subarray(moov.offset)]);
}

/**
 * Files for a spec in a directory of their own under the system's temp dir, made at the first
 * write (Playwright also loads spec files in a process that runs no test); `remove` deletes it.
 */
export function tempMediaDir() {
  let dir: string | undefined;
  return {
    write(name: string, bytes: Buffer): string {
      dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-media-"));
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      return file;
    },
    remove() {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
