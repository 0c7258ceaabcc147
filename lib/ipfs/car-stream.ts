import { Readable } from "node:stream";
import { CarWriter } from "@ipld/car/writer";
import { CID } from "multiformats/cid";
import type { ByteRange } from "@/lib/storage/types";
import { importFile } from "./file-cid";

/**
 * The file as a CARv1 whose single root is its CIDv1: the header, then every block in the order
 * the importer makes them (leaves in file order, each parent after its children), the same every
 * time. Built while the file is read: a block waits until the one before has been sent, so
 * memory stays flat. Fails (the answer is cut short) if the file no longer gives `root`.
 */
export function carStream(file: Readable, root: string): Readable {
  const rootCid = CID.parse(root);
  const { writer, out } = CarWriter.create([rootCid]);
  const importing = importFile(file, 1, (cid, bytes) => writer.put({ cid, bytes }))
    .then((computed) => {
      if (!computed.equals(rootCid)) throw new Error(`the stored file's CID is now ${computed}, not ${root}`);
    })
    .finally(() => writer.close());
  importing.catch(() => {});
  async function* bytes() {
    try {
      yield* out;
      await importing;
    } finally {
      file.destroy();
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** The bytes `range` of `stream` (inclusive, as HTTP ranges), the rest read and dropped. */
export function byteRange(stream: Readable, range: ByteRange): Readable {
  async function* slice() {
    let offset = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Uint8Array>) {
        const from = Math.max(0, range.start - offset);
        const to = Math.min(chunk.length, range.end + 1 - offset);
        offset += chunk.length;
        if (to > from) yield chunk.subarray(from, to);
        if (offset > range.end) return;
      }
    } finally {
      stream.destroy();
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
