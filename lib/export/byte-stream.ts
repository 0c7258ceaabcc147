import { Readable } from "node:stream";

/**
 * A readable that passes `source` through, counting bytes for progress, and fails if the source
 * does not hold exactly `expectedSize` bytes (the request declared that Content-Length).
 */
export function countedStream(source: Readable, expectedSize: number, onBytes: (sent: number) => void): Readable {
  async function* chunks() {
    let sent = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      sent += chunk.length;
      if (sent > expectedSize) throw new Error(`the stored file is larger than the expected ${expectedSize} bytes`);
      onBytes(sent);
      yield chunk;
    }
    if (sent !== expectedSize) throw new Error(`the stored file ended after ${sent} of ${expectedSize} bytes`);
  }
  return Readable.from(chunks(), { objectMode: false });
}
