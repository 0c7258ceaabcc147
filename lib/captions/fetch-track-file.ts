import { ApiError, unprocessable } from "@/lib/api/errors";
import { guardedGet } from "@/lib/outbound/guarded-get";
import { DestinationRefusedError } from "@/lib/outbound/ssrf-guard";
import { describeNetworkError } from "@/lib/outbound/streaming-request";
import { MAX_TRACK_BYTES } from "./schemas";

const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 15_000;
/** The whole file must arrive within this: the request that asked for it is waiting. */
const TOTAL_TIMEOUT_MS = 30_000;

export const trackTooLarge = (field: "url" | "text") => new ApiError(413, [`${field}: the file is larger than 2 MiB (${MAX_TRACK_BYTES} bytes)`]);

/**
 * GETs a track's file through the address guard, within MAX_TRACK_BYTES, as UTF-8 text. What the
 * source does wrong (refused address, an error status, too large, not UTF-8) answers 413/422 naming `url`.
 */
export async function fetchTrackFile(url: URL, allowedHosts: string[]): Promise<string> {
  const signal = AbortSignal.timeout(TOTAL_TIMEOUT_MS);
  let answer: Awaited<ReturnType<typeof guardedGet>>;
  try {
    answer = await guardedGet({
      url,
      headers: { accept: "text/vtt, application/x-subrip, text/plain;q=0.9, */*;q=0.5", "user-agent": "video-asset-service (tracks)" },
      allowedHosts,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      signal,
    });
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw unprocessable([`url: refused: ${error.message}`]);
    throw unprocessable([`url: the file could not be fetched: ${describeNetworkError(error)}`]);
  }
  const { response } = answer;
  const status = response.statusCode ?? 0;
  if (status !== 200) {
    response.destroy();
    throw unprocessable([`url: the source answered ${status} ${response.statusMessage ?? ""}`.trim()]);
  }
  if (Number(response.headers["content-length"]) > MAX_TRACK_BYTES) {
    response.destroy();
    throw trackTooLarge("url");
  }
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > MAX_TRACK_BYTES) {
        response.destroy();
        throw trackTooLarge("url");
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unprocessable([`url: the source broke off: ${describeNetworkError(error)}`]);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw unprocessable(["url: the file is not UTF-8 text"]);
  }
}
