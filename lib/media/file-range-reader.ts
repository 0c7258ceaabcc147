import { open } from "node:fs/promises";
import type { RangeReader } from "./types";

export async function openFileRangeReader(path: string): Promise<RangeReader & { close(): Promise<void> }> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    return {
      size,
      async read(offset, length) {
        const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        let filled = 0;
        // A single read() may return short even before EOF, so loop until full or EOF.
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, offset + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
