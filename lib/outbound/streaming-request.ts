import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const ANSWER_GRACE_MS = 100;

/** How long a destination may take before it is cut off (and the step retried). */
export interface RequestTimeouts {
  /** No bytes moved either way for this long. */
  idleMs: number;
  /** The whole exchange, from connecting to the end of the answer. */
  totalMs: number;
}

export interface StreamingRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  /** Streamed to the destination with backpressure; never held whole in memory. */
  body: Readable;
  /** Resolves host names at connect time (the address guard). */
  lookup?: LookupFunction;
  /** How much of the response body to keep. */
  responseBodyLimit: number;
  timeouts: RequestTimeouts;
  /** Stops the transfer (the task was taken over by another node). */
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  /** The first `responseBodyLimit` bytes of the response body. */
  body: Buffer;
}

/**
 * Sends `body` with one HTTP request, without following redirects. A 2xx answer counts only once
 * the whole body has been sent; any other answer ends the upload early. Network failures reject.
 */
export function sendStreamingRequest(r: StreamingRequest): Promise<HttpAnswer> {
  const transport = r.url.protocol === "https:" ? https : http;
  // An agent of its own, so no pooled socket skips the connect-time guard. Keep-alive, because
  // without it Node closes the connection as soon as the answer ends, which can be before it has
  // finished the request (a server may answer the moment it has Content-Length bytes).
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 1 });
  let deadline: NodeJS.Timeout | undefined;
  let stopOnAbort: (() => void) | undefined;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = transport.request(r.url, {
      method: r.method,
      headers: r.headers,
      lookup: r.lookup,
      agent,
      timeout: r.timeouts.idleMs,
    });
    const timedOut = (what: string) => Object.assign(new Error(what), { code: "ETIMEDOUT" });
    request.on("timeout", () => request.destroy(timedOut(`no progress for ${r.timeouts.idleMs / 1000} s`)));
    // A destination that reads slowly, or never answers, must not hold the task's slot for ever.
    deadline = setTimeout(
      () => request.destroy(timedOut(`not done within ${Math.round(r.timeouts.totalMs / 1000)} s`)),
      r.timeouts.totalMs,
    );
    stopOnAbort = () => request.destroy(Object.assign(new Error("the transfer was stopped"), { code: "ABORT_ERR" }));
    r.signal?.addEventListener("abort", stopOnAbort, { once: true });
    let answered = false;
    const fail = (error: unknown) => {
      // A server that answers and then closes the connection can make the write fail before
      // the answer is parsed; its answer says more than the broken pipe, so give it a moment.
      if (!answered) setTimeout(() => answered || reject(error), ANSWER_GRACE_MS);
    };
    // The connection can also fail after the whole body is sent, while waiting for the answer.
    request.on("error", fail);
    const bodySent = pipeline(r.body, request);
    bodySent.catch(fail);
    request.on("response", (response) => {
      answered = true;
      readPrefix(response, r.responseBodyLimit)
        .then(async (body) => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) await bodySent;
          else r.body.destroy();
          response.destroy();
          resolve({ status, statusText: response.statusMessage ?? "", headers: response.headers, body });
        })
        .catch(reject);
    });
  }).finally(() => {
    clearTimeout(deadline);
    if (stopOnAbort) r.signal?.removeEventListener("abort", stopOnAbort);
    agent.destroy();
  });
}

/** Reads up to `limit` bytes of the answer without closing the connection under the request. */
function readPrefix(response: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, limit));
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= limit) {
        response.pause();
        done();
      }
    });
    response.once("end", done);
    // The connection may close before the body is complete: the status is what counts.
    response.once("error", done);
    response.once("close", done);
  });
}

/** A short, secret-free description of a network failure for the task's errorMessage. */
export function describeNetworkError(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  return err.code ? `${err.code}${err.message && !err.message.includes(err.code) ? ` (${err.message})` : ""}` : String(err.message ?? err);
}
