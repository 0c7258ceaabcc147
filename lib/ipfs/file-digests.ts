import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { cidOfStream } from "./file-cid";

export interface FileDigests {
  sha256: string;
  /** Listed in the asset's `hash` as Livepeer lists it; never trusted for anything here. */
  md5: string;
  /** The file's IPFS CID, version 1, with the section 17 layout. */
  cidv1: string;
  /** The length of its CAR (lib/ipfs/car-stream.ts), known now so the CAR can be sent with Content-Length. */
  carSize: number;
  size: number;
}

/**
 * sha256, md5 and the IPFS CID of a stream in one pass: each chunk read is hashed, then handed to the
 * IPFS importer, which pulls the next only when it is done with this one (nothing is kept).
 * Reports the running byte count.
 */
export async function digestStream(stream: Readable, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<FileDigests> {
  const hash = createHash("sha256");
  const md5 = createHash("md5");
  let size = 0;
  async function* hashed() {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      hash.update(chunk);
      md5.update(chunk);
      size += chunk.length;
      onProgress(size);
      yield chunk;
    }
  }
  const { cid, carSize } = await cidOfStream(hashed(), 1);
  return { sha256: hash.digest("hex"), md5: md5.digest("hex"), cidv1: cid, carSize, size };
}
