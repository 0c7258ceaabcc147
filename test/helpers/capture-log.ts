import { Writable } from "node:stream";
import { createLogger } from "@/lib/log/log";

const holder = globalThis as typeof globalThis & { __videoAssetLogger?: ReturnType<typeof createLogger> };

/**
 * Everything the service logs while `body` runs, as the JSON lines it would write to stdout: the
 * logger is the service's own configuration (redaction included) writing to memory instead.
 */
export async function captureLog(body: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  const previous = holder.__videoAssetLogger;
  holder.__videoAssetLogger = createLogger(sink);
  try {
    await body();
  } finally {
    holder.__videoAssetLogger = previous;
  }
  return lines.join("");
}
