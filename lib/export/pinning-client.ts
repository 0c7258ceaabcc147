import { Readable } from "node:stream";
import { z } from "zod";
import type { CidVersion } from "@/lib/ipfs/unixfs-layout";
import { NonRetriableError, TaskError } from "@/lib/tasks/types";
import { countedStream } from "./byte-stream";
import { multipartBody } from "./multipart-body";
import type { PinningCredentials } from "./schemas";
import { describeNetworkError, sendStreamingRequest, type RequestTimeouts } from "@/lib/outbound/streaming-request";

export interface PinFileRequest {
  /** Base URL of a Pinata-compatible pinning API. */
  apiUrl: string;
  credentials: PinningCredentials;
  /** Shown in the pinning service's dashboard (`pinataMetadata.name`). */
  name: string;
  /** `pinataOptions.cidVersion`. */
  cidVersion: CidVersion;
  file: { stream: Readable; size: number; filename: string; contentType: string };
  timeouts: RequestTimeouts;
  signal?: AbortSignal;
  onProgress?(bytesSent: number): void;
}

export interface PinnedFile {
  cid: string;
  size: number;
}

const pinResponseSchema = z.object({ IpfsHash: z.string().min(1), PinSize: z.number() });

function authHeaders(credentials: PinningCredentials): Record<string, string> {
  if ("jwt" in credentials) return { authorization: `Bearer ${credentials.jwt}` };
  return { pinata_api_key: credentials.apiKey, pinata_secret_api_key: credentials.apiSecret };
}

function isRetriableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Pins one file with `POST /pinning/pinFileToIPFS`, streaming it as multipart. */
export async function pinFileToIpfs(r: PinFileRequest): Promise<PinnedFile> {
  const form = multipartBody(
    { pinataOptions: JSON.stringify({ cidVersion: r.cidVersion }), pinataMetadata: JSON.stringify({ name: r.name }) },
    {
      field: "file",
      filename: r.file.filename,
      contentType: r.file.contentType,
      size: r.file.size,
      stream: countedStream(r.file.stream, r.file.size, (sent) => r.onProgress?.(sent)),
    },
  );
  let answer;
  try {
    answer = await sendStreamingRequest({
      url: new URL(`${r.apiUrl}/pinning/pinFileToIPFS`),
      method: "POST",
      headers: {
        ...authHeaders(r.credentials),
        "content-type": form.contentType,
        "content-length": String(form.length),
        accept: "application/json",
      },
      body: form.body,
      responseBodyLimit: 64 * 1024,
      timeouts: r.timeouts,
      signal: r.signal,
    });
  } catch (error) {
    throw new TaskError(`could not reach the pinning service: ${describeNetworkError(error)}`);
  } finally {
    r.file.stream.destroy();
  }
  const said = answer.body.subarray(0, 200).toString("utf8").trim();
  if (answer.status === 401 || answer.status === 403) {
    throw new NonRetriableError(`the pinning service refused the credentials (${answer.status}): ${said}`);
  }
  if (answer.status < 200 || answer.status >= 300) {
    const message = `the pinning service answered ${answer.status}: ${said}`;
    throw isRetriableStatus(answer.status) ? new TaskError(message) : new NonRetriableError(message);
  }
  const parsed = pinResponseSchema.safeParse(safeJson(answer.body));
  if (!parsed.success) throw new TaskError(`the pinning service gave an unexpected answer: ${said}`);
  return { cid: parsed.data.IpfsHash, size: parsed.data.PinSize };
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Removes a pin with `DELETE /pinning/unpin/{cid}`. A CID the service no longer pins (404) counts
 * as unpinned, so a retry after a lost answer succeeds.
 */
export async function unpinFromIpfs(r: { apiUrl: string; credentials: PinningCredentials; cid: string; timeouts: RequestTimeouts; signal?: AbortSignal }) {
  let answer;
  try {
    answer = await sendStreamingRequest({
      url: new URL(`${r.apiUrl}/pinning/unpin/${encodeURIComponent(r.cid)}`),
      method: "DELETE",
      headers: { ...authHeaders(r.credentials), "content-length": "0", accept: "application/json" },
      body: Readable.from([]),
      responseBodyLimit: 64 * 1024,
      timeouts: r.timeouts,
      signal: r.signal,
    });
  } catch (error) {
    throw new TaskError(`could not unpin ${r.cid}: could not reach the pinning service: ${describeNetworkError(error)}`);
  }
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
  const message = `could not unpin ${r.cid}: the pinning service answered ${answer.status}: ${answer.body.subarray(0, 200).toString("utf8").trim()}`;
  throw isRetriableStatus(answer.status) ? new TaskError(message) : new NonRetriableError(message);
}
