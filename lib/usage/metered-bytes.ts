import { pipeline, Transform } from "node:stream";
import type { ByteSource } from "@/lib/storage/types";

/**
 * The same bytes, counted as the response reads them: `onClosed` gets how many were read when the
 * stream ends, fails or is dropped. A player that stops reading (it had enough, or it seeks) is
 * counted for what it took, give or take the buffers, not for the whole range it asked for.
 */
export function meteredBytes(source: ByteSource, onClosed: (bytes: number) => void): ByteSource {
  return {
    size: source.size,
    async open(range) {
      let read = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          read += chunk.length;
          done(null, chunk);
        },
      });
      counter.once("close", () => onClosed(read));
      pipeline(await source.open(range), counter, () => {});
      return counter;
    },
  };
}
