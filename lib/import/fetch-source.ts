import type http from "node:http";
import { Readable, Transform } from "node:stream";
import { ERRORS, Upload } from "@tus/server";
import { describeNetworkError } from "@/lib/outbound/streaming-request";
import { guardedGet } from "@/lib/outbound/guarded-get";
import { DestinationRefusedError } from "@/lib/outbound/ssrf-guard";
import { UploadTooLargeError } from "@/lib/storage/local-store";
import { createProgressWriter } from "@/lib/tasks/progress";
import { NonRetriableError, type TaskDeps } from "@/lib/tasks/types";

const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 60_000;
/** IMPORT_MIN_BYTES_PER_SECOND is held over each window this long: a source that trickles a byte now and then is cut off. */
export const RATE_WINDOW_MS = 20_000;
/** Share of the upload task's progress given to fetching; checking the file is the rest. */
export const FETCH_SHARE = 0.8;
/** Content types that are certainly not a video: most often a web page about the video rather than the file. */
const NOT_VIDEO = /^(text\/|application\/(json|xml|xhtml\+xml)|image\/)/i;

/** The result of one attempt, kept by the step runner: the file is stored, or the attempt is to be made again. */
export type FetchOutcome = { stored: true; size: number } | { stored: false; reason: string; retryAfterMs?: number };

export interface SourceFetch {
  assetId: string;
  taskId: string;
  /** The whole URL, credentials included. */
  url: URL;
  /** The asset's file, once fetched whole. */
  key: string;
  /** When the import's time (IMPORT_TIMEOUT from its first attempt) is up, on the deps' clock. */
  deadline: number;
}

/** A transfer this service cut off: too slow, or past the import's deadline. */
class CutOffError extends Error {}

/**
 * One attempt to fetch an import's source into the store, through the resumable upload of the
 * asset (the same as tus: a file on disk, or an S3 multipart upload), so an attempt that breaks off
 * keeps what arrived. The next attempt resumes at that byte (`Range` with `If-Range`) when the
 * source said it serves ranges of a file it identifies (`ETag` or `Last-Modified`); otherwise it
 * starts over. Failures that trying again cannot mend throw NonRetriableError.
 */
export async function fetchSource(deps: TaskDeps, job: SourceFetch): Promise<FetchOutcome> {
  const uploads = deps.storage.resumable;
  let partial = await uploads.dataStore.getUpload(job.assetId).catch((error: unknown) => {
    if (error === ERRORS.FILE_NOT_FOUND) return undefined;
    throw error;
  });
  const validator = partial?.metadata?.validator ?? undefined;
  if (partial && (!partial.offset || !validator)) {
    await uploads.discard(job.assetId);
    partial = undefined;
  }
  const offset = partial?.offset ?? 0;
  const headers: Record<string, string> = { accept: "video/*, */*;q=0.8", "user-agent": "video-asset-service (import)" };
  if (partial && validator) Object.assign(headers, { range: `bytes=${offset}-`, "if-range": validator });

  let response: http.IncomingMessage;
  try {
    ({ response } = await guardedGet({
      url: job.url,
      headers,
      allowedHosts: deps.config.exportAllowedHosts,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      signal: deps.lease?.signal,
    }));
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw new NonRetriableError(`the source URL was refused: ${error.message}`);
    return { stored: false, reason: `the source could not be reached: ${describeNetworkError(error)}` };
  }

  const status = response.statusCode ?? 0;
  const resumed = status === 206 && partial !== undefined && rangeStart(response) === offset;
  if (!resumed && status !== 200) {
    response.destroy();
    const reason = `the source answered ${status} ${response.statusMessage ?? ""}`.trim();
    if (status === 408 || status === 429 || status >= 500) return { stored: false, reason, retryAfterMs: retryAfterMs(response) };
    // A 206 for another range than asked: start over.
    if (status === 206) {
      await uploads.discard(job.assetId);
      return { stored: false, reason: "the source answered another range than asked" };
    }
    throw new NonRetriableError(reason);
  }
  if (!resumed && partial) {
    // The file changed since (If-Range), or ranges are no longer served: what was kept is stale.
    await uploads.discard(job.assetId);
    partial = undefined;
  }
  const start = resumed ? offset : 0;
  const contentType = String(response.headers["content-type"] ?? "");
  if (!resumed && NOT_VIDEO.test(contentType)) {
    response.destroy();
    throw new NonRetriableError(`not a video: the source sent ${contentType.split(";")[0]}`);
  }
  const length = response.headers["content-length"] === undefined ? undefined : Number(response.headers["content-length"]);
  const total = length === undefined ? undefined : start + length;
  const maxBytes = deps.config.maxUploadBytes;
  if (total !== undefined && total > maxBytes) {
    response.destroy();
    await uploads.discard(job.assetId);
    throw new NonRetriableError(new UploadTooLargeError(maxBytes).message);
  }
  // Read at once, before the store is ready: a source that breaks off meanwhile must not be missed.
  const body = countedBody(deps, job, response, { start, total, maxBytes });
  if (!partial) {
    const identity = sourceValidator(response);
    const metadata: Record<string, string> = identity ? { validator: identity } : {};
    await uploads.dataStore.create(new Upload({ id: job.assetId, size: total, offset: 0, metadata, creation_date: new Date(deps.now()).toISOString() }));
  }

  const received = await receive(deps, job, response, body, { start, maxBytes });
  if ("failed" in received) return { stored: false, reason: received.failed };
  const size = start + received.bytes;
  if (total !== undefined && size !== total) return { stored: false, reason: `the source sent ${size} of ${total} bytes` };
  if (total === undefined) {
    // A length known only now: the store completes the file with it (S3: the multipart upload).
    await uploads.dataStore.declareUploadLength(job.assetId, size);
    await uploads.dataStore.write(Readable.from([]), job.assetId, size);
  }
  await uploads.finish(job.assetId, job.key);
  await uploads.forget(job.assetId);
  return { stored: true, size };
}

interface CountedBody {
  stream: Transform;
  bytes(): number;
  /** The error the source broke off with, if it did. */
  sourceError(): unknown;
  tooLarge(): boolean;
  progress: ReturnType<typeof createProgressWriter>;
  total?: number;
}

/**
 * The answer's body, counted against the limit, with progress. A body that breaks off ends the
 * stream normally, so the store keeps every byte that arrived (destroying it would drop what it
 * still buffers); the error is noted.
 */
function countedBody(deps: TaskDeps, job: SourceFetch, response: http.IncomingMessage, sizes: { start: number; total?: number; maxBytes: number }): CountedBody {
  const progress = createProgressWriter(deps, job.taskId, 0, FETCH_SHARE);
  let bytes = 0;
  let sourceError: unknown;
  let tooLarge = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (sizes.start + bytes > sizes.maxBytes) {
        tooLarge = true;
        return callback(new UploadTooLargeError(sizes.maxBytes));
      }
      if (sizes.total) progress.report((sizes.start + bytes) / sizes.total);
      callback(null, chunk);
    },
  });
  const brokeOff = (error: unknown) => {
    sourceError ??= error;
    stream.end();
  };
  const stopWatching = watchRate(deps, job, () => bytes, (error) => {
    brokeOff(error);
    response.destroy();
  });
  response.once("error", brokeOff);
  response.once("close", () => {
    stopWatching();
    if (!response.complete) brokeOff(Object.assign(new Error("the connection was closed"), { code: "ECONNRESET" }));
  });
  response.pipe(stream);
  return { stream, bytes: () => bytes, sourceError: () => sourceError, tooLarge: () => tooLarge, progress, total: sizes.total };
}

/**
 * Cuts the transfer off at the import's deadline, or when a window of RATE_WINDOW_MS brought less
 * than IMPORT_MIN_BYTES_PER_SECOND: a source may not hold an import (and its slot) for days.
 */
function watchRate(deps: TaskDeps, job: SourceFetch, bytes: () => number, cut: (error: CutOffError) => void): () => void {
  const { importMinBytesPerSecond: rate, importTimeoutSeconds } = deps.config;
  const deadline = setTimeout(
    () => cut(new CutOffError(`the import took longer than IMPORT_TIMEOUT (${importTimeoutSeconds} s)`)),
    Math.max(0, job.deadline - deps.now()),
  );
  let before = bytes();
  const windows = setInterval(() => {
    const sent = bytes() - before;
    before = bytes();
    if (sent < (rate * RATE_WINDOW_MS) / 1000) {
      cut(new CutOffError(`the source sent ${sent} bytes in ${RATE_WINDOW_MS / 1000} s, slower than IMPORT_MIN_BYTES_PER_SECOND (${rate})`));
    }
  }, RATE_WINDOW_MS);
  return () => {
    clearTimeout(deadline);
    clearInterval(windows);
  };
}

/** Streams the body into the resumable upload. Throws NonRetriableError when the file is too large (its bytes are removed). */
async function receive(
  deps: TaskDeps,
  job: SourceFetch,
  response: http.IncomingMessage,
  body: CountedBody,
  sizes: { start: number; maxBytes: number },
): Promise<{ bytes: number } | { failed: string }> {
  try {
    await deps.storage.resumable.dataStore.write(body.stream, job.assetId, sizes.start);
  } catch (error) {
    response.destroy();
    if (body.tooLarge()) {
      await deps.storage.resumable.discard(job.assetId);
      throw new NonRetriableError(new UploadTooLargeError(sizes.maxBytes).message);
    }
    deps.lease?.signal.throwIfAborted();
    throw error;
  }
  const at = sizes.start + body.bytes();
  const error = body.sourceError();
  if (error instanceof CutOffError) return { failed: `${error.message}; ${at} bytes arrived` };
  if (error) return { failed: `the source broke off after ${at} bytes: ${describeNetworkError(error)}` };
  await body.progress.flush(body.total ? at / body.total : 0);
  return { bytes: body.bytes() };
}

/** Where a 206 answer's bytes start (`Content-Range: bytes 100-199/200`). */
function rangeStart(response: http.IncomingMessage): number | undefined {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(String(response.headers["content-range"] ?? ""));
  return match ? Number(match[1]) : undefined;
}

/** A strong ETag, else Last-Modified, when the source serves ranges: what If-Range needs to resume safely. */
function sourceValidator(response: http.IncomingMessage): string | undefined {
  if (String(response.headers["accept-ranges"] ?? "").toLowerCase() !== "bytes") return undefined;
  const etag = response.headers.etag;
  if (etag && !etag.startsWith("W/")) return etag;
  return response.headers["last-modified"];
}

/** `Retry-After` in seconds or as a date, capped at 5 minutes; undefined: the usual backoff. */
export function retryAfterMs(response: http.IncomingMessage): number | undefined {
  const value = response.headers["retry-after"];
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), 300_000) : undefined;
}
