import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

/** Hashes a stream in one pass, reporting the running byte count. */
export async function sha256OfStream(
  stream: Readable,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    signal?.throwIfAborted();
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
    onProgress(size);
  }
  return { sha256: hash.digest("hex"), size };
}
