import type { Readable } from "node:stream";
import { NonRetriableError, TaskError } from "@/lib/tasks/types";
import { countedStream } from "./byte-stream";
import type { ExportMethod } from "./schemas";
import { connectGuard, DestinationRefusedError } from "@/lib/outbound/ssrf-guard";
import { describeNetworkError, sendStreamingRequest, type RequestTimeouts } from "@/lib/outbound/streaming-request";

export interface CustomUploadRequest {
  url: string;
  method: ExportMethod;
  headers: Record<string, string>;
  file: { stream: Readable; size: number; contentType: string };
  allowedHosts: string[];
  timeouts: RequestTimeouts;
  signal?: AbortSignal;
  onProgress?(bytesSent: number): void;
}

/**
 * Sends the file to a URL of the caller's choosing. 2xx succeeds; 408, 429, 5xx and network
 * failures are retried; anything else (redirects included: they are not followed) fails at once.
 */
export async function uploadToCustomUrl(r: CustomUploadRequest): Promise<{ status: number }> {
  const url = new URL(r.url);
  const headers: Record<string, string> = { ...r.headers, "content-length": String(r.file.size) };
  if (!Object.keys(r.headers).some((name) => name.toLowerCase() === "content-type")) headers["content-type"] = r.file.contentType;
  let answer;
  try {
    const { lookup } = connectGuard(url, r.allowedHosts);
    answer = await sendStreamingRequest({
      url,
      method: r.method,
      headers,
      body: countedStream(r.file.stream, r.file.size, (sent) => r.onProgress?.(sent)),
      lookup,
      responseBodyLimit: 200,
      timeouts: r.timeouts,
      signal: r.signal,
    });
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw new NonRetriableError(`custom URL refused: ${error.message}`);
    throw new TaskError(`could not reach the custom URL: ${describeNetworkError(error)}`);
  } finally {
    r.file.stream.destroy();
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { status };
  const said = answer.body.toString("utf8").trim();
  const message = `the custom URL answered ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}${said ? `: ${said}` : ""}`;
  if (status === 408 || status === 429 || status >= 500) throw new TaskError(message);
  throw new NonRetriableError(message);
}
