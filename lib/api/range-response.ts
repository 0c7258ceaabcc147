import { Readable } from "node:stream";
import type { ByteSource } from "@/lib/storage/types";
import { parseByteRange } from "./byte-range";

/**
 * The answer to a GET or HEAD of stored bytes: the whole (200) or the range asked for (206 with
 * Content-Range; 416 outside them), always with Content-Length and Accept-Ranges so players can
 * seek, and streamed, never held in memory.
 */
export async function rangeResponse(request: Request, bytes: ByteSource, headers: Record<string, string>): Promise<Response> {
  const range = parseByteRange(request.headers.get("range"), bytes.size);
  if (range.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${bytes.size}` } });
  }
  const partial = range.kind === "partial";
  const start = partial ? range.start : 0;
  const end = partial ? range.end : bytes.size - 1;
  const answer = new Headers({ ...headers, "Accept-Ranges": "bytes", "Content-Length": String(end - start + 1) });
  if (partial) answer.set("Content-Range", `bytes ${start}-${end}/${bytes.size}`);
  const body = request.method !== "HEAD" && bytes.size > 0 ? (Readable.toWeb(await bytes.open({ start, end })) as ReadableStream) : null;
  return new Response(body, { status: partial ? 206 : 200, headers: answer });
}
