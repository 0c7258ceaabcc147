import { badRequest, payloadTooLarge } from "./errors";

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over the limit is
 * refused before anything is read; a body that grows past it is cut off there, so a huge body
 * costs no more memory than the limit.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw bodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body (connection reset): nobody is left to answer.
      throw badRequest("the request body was interrupted");
    });
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/** The body as UTF-8 text; 400 when it is not valid UTF-8. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const bytes = await readBodyBytes(request, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("request body is not valid UTF-8");
  }
}

function bodyTooLarge(limit: number) {
  return payloadTooLarge(`request body is larger than the limit of ${limit} bytes`);
}
