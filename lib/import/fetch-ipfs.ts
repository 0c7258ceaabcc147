import type http from "node:http";
import { Readable } from "node:stream";
import { Upload } from "@tus/server";
import { IpfsContentError, verifiedCarFile } from "@/lib/ipfs/verified-car";
import { gatewayCarUrl, type IpfsTarget } from "@/lib/ipfs/ipfs-url";
import { guardedGet } from "@/lib/outbound/guarded-get";
import { DestinationRefusedError } from "@/lib/outbound/ssrf-guard";
import { describeNetworkError } from "@/lib/outbound/streaming-request";
import { UploadTooLargeError } from "@/lib/storage/local-store";
import { createProgressWriter } from "@/lib/tasks/progress";
import { NonRetriableError, type TaskDeps } from "@/lib/tasks/types";
import { FETCH_SHARE, retryAfterMs, type FetchOutcome, type SourceFetch } from "./fetch-source";

const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 60_000;
/** A trustless gateway's CAR of the file alone, each block once per use, in the order a DAG walk reads them. */
const CAR_ACCEPT = "application/vnd.ipld.car; version=1; order=dfs; dups=y";

/**
 * One attempt to import `ipfs://{cid}[/path]` (DESIGN.md section 17): the gateway's CAR, through the
 * SSRF guard, every block checked against its CID while the file's bytes stream into the asset's
 * resumable upload. An attempt starts over (a CAR has no byte ranges of the file). Data that does
 * not match the CID, or a refusal, fails without retrying and keeps nothing.
 */
export async function fetchIpfsSource(deps: TaskDeps, job: SourceFetch, target: IpfsTarget): Promise<FetchOutcome> {
  const uploads = deps.storage.resumable;
  await uploads.discard(job.assetId);
  let response: http.IncomingMessage;
  try {
    ({ response } = await guardedGet({
      url: gatewayCarUrl(deps.config.ipfsGatewayUrl, job.url),
      headers: { accept: CAR_ACCEPT, "user-agent": "video-asset-service (import)" },
      allowedHosts: deps.config.exportAllowedHosts,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      signal: deps.lease?.signal,
    }));
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw new NonRetriableError(`the IPFS gateway was refused: ${error.message}`);
    return { stored: false, reason: `the IPFS gateway could not be reached: ${describeNetworkError(error)}` };
  }
  const status = response.statusCode ?? 0;
  if (status !== 200) {
    response.destroy();
    const reason = `the IPFS gateway answered ${status} ${response.statusMessage ?? ""} for ${target.cid}`.trim();
    if (status === 408 || status === 429 || status >= 500) return { stored: false, reason, retryAfterMs: retryAfterMs(response) };
    throw new NonRetriableError(reason);
  }
  const contentType = String(response.headers["content-type"] ?? "").split(";")[0].trim();
  if (contentType !== "application/vnd.ipld.car") {
    response.destroy();
    throw new NonRetriableError(`the IPFS gateway sent ${contentType || "no content type"}, not a CAR (it must be a trustless gateway)`);
  }

  const file = fileBytes(deps, job.taskId, response, target);
  await uploads.dataStore.create(new Upload({ id: job.assetId, size: undefined, offset: 0, metadata: {}, creation_date: new Date(deps.now()).toISOString() }));
  try {
    await uploads.dataStore.write(file.stream, job.assetId, 0);
  } catch (error) {
    response.destroy();
    await uploads.discard(job.assetId);
    const brokeOff = file.brokeOff();
    if (brokeOff) return { stored: false, reason: `the IPFS gateway broke off after ${file.bytes()} bytes of the file: ${describeNetworkError(brokeOff)}` };
    // The store may not pass on why the stream failed (tus's file store does not).
    const refused = file.refused();
    if (refused) throw new NonRetriableError(refused.message);
    deps.lease?.signal.throwIfAborted();
    throw error;
  }
  response.destroy();
  const size = file.bytes();
  await uploads.dataStore.declareUploadLength(job.assetId, size);
  await uploads.dataStore.write(Readable.from([]), job.assetId, size);
  await uploads.finish(job.assetId, job.key);
  await uploads.forget(job.assetId);
  await file.progress.flush(1);
  return { stored: true, size };
}

/** The file's verified bytes, counted against the upload limit, with progress once its size is known. */
function fileBytes(deps: TaskDeps, taskId: string, response: http.IncomingMessage, target: IpfsTarget) {
  const progress = createProgressWriter(deps, taskId, 0, FETCH_SHARE);
  const maxBytes = deps.config.maxUploadBytes;
  let brokeOff: unknown;
  let refused: Error | undefined;
  let bytes = 0;
  let total = 0;
  // A connection that breaks before the body is read (the store is still being made) is noted too.
  response.once("error", (error) => (brokeOff ??= error));
  async function* body() {
    try {
      yield* response as AsyncIterable<Uint8Array>;
    } catch (error) {
      brokeOff ??= error;
      throw error;
    }
  }
  const onSize = (size: number) => {
    if (size > maxBytes) throw new UploadTooLargeError(maxBytes);
    total = size;
  };
  async function* counted() {
    try {
      for await (const chunk of verifiedCarFile(body(), target, onSize)) {
        bytes += chunk.length;
        if (bytes > maxBytes) throw new UploadTooLargeError(maxBytes);
        if (total) progress.report(bytes / total);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof IpfsContentError || error instanceof UploadTooLargeError) refused = error;
      throw error;
    }
  }
  return { stream: Readable.from(counted(), { objectMode: false }), bytes: () => bytes, brokeOff: () => brokeOff, refused: () => refused, progress };
}
