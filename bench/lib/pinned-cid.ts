import type { IncomingMessage } from "node:http";
import { cidOfStream } from "@/lib/ipfs/file-cid";

/**
 * Reads a `pinFileToIPFS` request as a pinning service does and answers the CID of its file
 * part (the last part, after the text fields), streamed through the IPFS importer with the
 * version its `pinataOptions` ask for: the service checks the answer, so a bench sink must be
 * right. Returns the CID and how many bytes the request held.
 */
export async function pinnedCid(request: IncomingMessage): Promise<{ cid: string; bytes: number }> {
  const boundary = request.headers["content-type"]?.match(/boundary=(.+)$/)?.[1];
  if (!boundary) throw new Error("not multipart");
  const tail = Buffer.byteLength(`\r\n--${boundary}--\r\n`);
  const chunks = (request as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let bytes = 0;
  // The text fields and the file part's headers come first, in the first few chunks.
  let head = Buffer.alloc(0);
  let fileStart = -1;
  while (fileStart < 0) {
    const next = await chunks.next();
    if (next.done) throw new Error("no file part");
    bytes += next.value.length;
    head = Buffer.concat([head, next.value]);
    const part = head.indexOf('name="file"');
    const end = part < 0 ? -1 : head.indexOf("\r\n\r\n", part);
    if (end >= 0) fileStart = end + 4;
  }
  const version = /"cidVersion":0/.test(head.subarray(0, fileStart).toString("latin1")) ? 0 : 1;
  async function* filePart() {
    let held = head.subarray(fileStart);
    for (let next = await chunks.next(); ; next = await chunks.next()) {
      if (!next.done) {
        bytes += next.value.length;
        held = Buffer.concat([held, next.value]);
      }
      // The last bytes are the closing boundary: held back until the body ends.
      if (held.length > tail) {
        yield held.subarray(0, held.length - tail);
        held = held.subarray(held.length - tail);
      }
      if (next.done) return;
    }
  }
  const { cid } = await cidOfStream(filePart(), version);
  return { cid, bytes };
}
