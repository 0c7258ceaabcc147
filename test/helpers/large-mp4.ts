import { createHash } from "node:crypto";
import fs from "node:fs";
import { fixture } from "./api";

/** Where the `moov` box of an MP4 whose top-level boxes have 32-bit sizes starts. */
function moovOffset(bytes: Buffer): number {
  for (let offset = 0; offset + 8 <= bytes.length; offset += bytes.readUInt32BE(offset)) {
    if (bytes.toString("latin1", offset + 4, offset + 8) === "moov") return offset;
  }
  throw new Error("no moov box");
}

/**
 * A valid H.264/AAC MP4 of about `paddingBytes` more than the fixture, fast to make: the
 * moov-at-the-end fixture with a sparse `free` box before its `moov` (the sample offsets stay
 * right). Checking it hashes every byte, which takes a while.
 */
export async function makeLargeMp4(file: string, paddingBytes: number): Promise<{ size: number; sha256: string }> {
  const source = fixture("h264-aac-moov-end.mp4");
  const moov = moovOffset(source);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + paddingBytes);
  header.write("free", 4, "latin1");
  const handle = await fs.promises.open(file, "w");
  try {
    const head = Buffer.concat([source.subarray(0, moov), header]);
    const tail = source.subarray(moov);
    await handle.write(head, 0, head.length, 0);
    await handle.write(tail, 0, tail.length, moov + 8 + paddingBytes);
  } finally {
    await handle.close();
  }
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return { size: source.length + 8 + paddingBytes, sha256: hash.digest("hex") };
}
