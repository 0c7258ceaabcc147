import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { cidOfStream } from "./file-cid";
import type { CidVersion } from "./unixfs-layout";

/**
 * Passes `source` through unchanged while computing its CID from the same read: each chunk is
 * handed to the importer too, and the next is read only once the importer has room for it.
 * `cid` settles when the stream has been read to its end (it rejects if it was not).
 */
export function withCid(source: Readable, version: CidVersion): { stream: Readable; cid: Promise<string> } {
  const side = new PassThrough();
  const cid = cidOfStream(side, version).then((computed) => computed.cid);
  // Awaited only once the stream has been read whole; a failure before then is the stream's own.
  cid.catch(() => {});
  async function* forward() {
    let ended = false;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        // The importer's failure (its promise rejects) must not leave the read waiting for room.
        if (!side.write(chunk)) await Promise.race([once(side, "drain"), cid]);
        yield chunk;
      }
      ended = true;
      side.end();
    } finally {
      if (!ended) side.destroy(new Error("the stream was not read to its end"));
    }
  }
  return { stream: Readable.from(forward(), { objectMode: false }), cid };
}
