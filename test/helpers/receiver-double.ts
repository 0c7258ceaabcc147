import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the receiver saw of one request. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  size: number;
  sha256: string;
  /** The bytes, unless the receiver was started with `keepBytes: false`. */
  bytes?: Buffer;
  /** False when the connection ended before the body was complete. */
  complete: boolean;
  /** When the request began (Date.now()). */
  startedAt: number;
  /** When the whole body had arrived. */
  receivedAt?: number;
  /** When the sender's connection closed (even while the request was stalled). */
  connectionClosedAt?: number;
}

export interface ReceiverDouble {
  url: string;
  port: number;
  received: Received[];
  /** Every following request is answered `status` with `body` (default 200). */
  answer(status: number, body?: string, headers?: Record<string, string>): void;
  /** The next `count` requests (to `path` alone, when given) are answered `status` instead. */
  failNext(count: number, status: number, body?: string, path?: string): void;
  /** The next request is answered `status` with its own headers as the body, as careless servers do. */
  echoHeadersNext(status: number): void;
  /**
   * Requests (to `path` alone, when given) read `afterBytes` bytes, then hang with no answer until
   * `release()`; `stalled` resolves when one has. Stalls of other paths are left as they are.
   */
  stallAfter(afterBytes: number, path?: string): { stalled: Promise<void>; release(): void };
  close(): Promise<void>;
}

/** A custom export destination on loopback that records method, headers and bytes. */
export async function startReceiverDouble(options: { keepBytes?: boolean } = {}): Promise<ReceiverDouble> {
  const keepBytes = options.keepBytes ?? true;
  const received: Received[] = [];
  const failures: Array<{ status: number; body: string | ((headers: http.IncomingHttpHeaders) => string); path?: string }> = [];
  let standing = { status: 200, body: "", headers: {} as Record<string, string> };
  const stalls: Array<{ afterBytes: number; path?: string; reached: () => void; released: Promise<void> }> = [];
  const forPath = <T extends { path?: string }>(list: T[], path: string) => list.findIndex((entry) => entry.path === undefined || entry.path === path);

  const server = http.createServer(async (req, res) => {
    const hash = createHash("sha256");
    const chunks: Buffer[] = [];
    const record: Received = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, size: 0, sha256: "", complete: false, startedAt: Date.now() };
    received.push(record);
    req.socket.once("close", () => (record.connectionClosedAt = Date.now()));
    const activeStall = stalls[forPath(stalls, record.path)];
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (keepBytes) chunks.push(chunk);
        record.size += chunk.length;
        if (activeStall && record.size >= activeStall.afterBytes) {
          activeStall.reached();
          await activeStall.released;
        }
      }
      record.complete = true;
      record.receivedAt = Date.now();
    } catch {
      // The sender went away mid-body.
    }
    record.sha256 = hash.digest("hex");
    if (keepBytes) record.bytes = Buffer.concat(chunks);
    if (!record.complete) return;
    const failing = forPath(failures, record.path);
    const failure = failing < 0 ? undefined : failures.splice(failing, 1)[0];
    const reply = failure
      ? { status: failure.status, body: typeof failure.body === "string" ? failure.body : failure.body(req.headers), headers: {} }
      : standing;
    res.writeHead(reply.status, reply.headers).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer(status, body = "", headers = {}) {
      standing = { status, body, headers };
    },
    failNext(count, status, body = "", path) {
      for (let i = 0; i < count; i++) failures.push({ status, body, path });
    },
    echoHeadersNext(status) {
      failures.push({ status, body: (headers) => JSON.stringify(headers) });
    },
    stallAfter(afterBytes, path) {
      let reached!: () => void;
      let release!: () => void;
      const stalled = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const stall = { afterBytes, path, reached, released };
      // It replaces an earlier stall of the same path (whose held requests stay held until released).
      const earlier = stalls.findIndex((entry) => entry.path === path);
      if (earlier >= 0) stalls.splice(earlier, 1);
      stalls.push(stall);
      return {
        stalled,
        release: () => {
          if (stalls.includes(stall)) stalls.splice(stalls.indexOf(stall), 1);
          release();
        },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
