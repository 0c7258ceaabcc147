import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  stream: Readable;
}

/**
 * A streaming multipart/form-data body: text fields first, then one file, whose bytes are
 * passed through as they are read. The length is known up front, so it is sent with
 * Content-Length rather than chunked.
 */
export function multipartBody(fields: Record<string, string>, file: MultipartFile) {
  const boundary = `----video-asset-service-${randomBytes(16).toString("hex")}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    yield* file.stream as AsyncIterable<Buffer>;
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    body: Readable.from(parts(), { objectMode: false }),
  };
}
