import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SourceRequest {
  path: string;
  range?: string;
  ifRange?: string;
  authorization?: string;
  accept?: string;
  query: string;
  /** Whether the service has closed this request's connection. */
  closed: boolean;
}

export interface SourceServer {
  url: string;
  port: number;
  /** `host:port`, for EXPORT_ALLOWED_HOSTS. */
  host: string;
  requests: SourceRequest[];
  close(): Promise<void>;
}

export interface SourceFile {
  body: Buffer;
  contentType?: string;
  /** Serve `Accept-Ranges: bytes` with a strong ETag, and answer `Range` with 206. */
  ranges?: boolean;
  /** Close the connection after this many bytes of the body, on the first request only. */
  dropAfter?: number;
  /** Send no Content-Length (chunked). */
  chunked?: boolean;
  /** The query the request must carry (a signed URL), else 403. */
  query?: string;
  /** Send one byte of the body per this many milliseconds, as a source that holds an import for days. */
  trickleEveryMs?: number;
}

/**
 * A local HTTP source for imports: files by path, redirects (`/redirect/N/…`: N hops then the
 * path), `/redirect-to?url=…`, a 503 once at `/flaky/…`, and every request recorded.
 */
export async function startSourceServer(files: Record<string, SourceFile>): Promise<SourceServer> {
  const requests: SourceRequest[] = [];
  const served = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://source.test");
    const request: SourceRequest = { path: url.pathname, range: req.headers.range, ifRange: req.headers["if-range"] as string | undefined, authorization: req.headers.authorization, accept: req.headers.accept, query: url.search, closed: false };
    requests.push(request);
    res.once("close", () => (request.closed = true));
    const redirect = /^\/redirect\/(\d+)(\/.*)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}${redirect[2]}` : redirect[2] }).end();
      return;
    }
    if (url.pathname === "/redirect-to") return void res.writeHead(302, { location: url.searchParams.get("url")! }).end();
    const flaky = url.pathname.startsWith("/flaky/");
    const name = flaky ? url.pathname.slice("/flaky".length) : url.pathname;
    if (flaky && !served.has(url.pathname)) {
      served.add(url.pathname);
      return void res.writeHead(503, { "retry-after": "0" }).end("busy");
    }
    const file = files[name];
    if (!file) return void res.writeHead(404, { "content-type": "text/plain" }).end("no such file");
    if (file.query !== undefined && url.search !== file.query) return void res.writeHead(403).end("bad signature");
    serveFile(req, res, file, !served.has(`${name}:body`));
    served.add(`${name}:body`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function serveFile(req: http.IncomingMessage, res: http.ServerResponse, file: SourceFile, first: boolean) {
  const headers: Record<string, string> = { "content-type": file.contentType ?? "video/mp4" };
  if (file.ranges) Object.assign(headers, { "accept-ranges": "bytes", etag: '"v1"' });
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
  const resumable = file.ranges && range && req.headers["if-range"] === '"v1"';
  const start = resumable ? Number(range[1]) : 0;
  const body = file.body.subarray(start);
  if (!file.chunked) headers["content-length"] = String(body.length);
  if (resumable) headers["content-range"] = `bytes ${start}-${file.body.length - 1}/${file.body.length}`;
  res.writeHead(resumable ? 206 : 200, headers);
  if (file.trickleEveryMs !== undefined) {
    let at = 0;
    const timer = setInterval(() => (at < body.length ? res.write(body.subarray(at, ++at)) : res.end()), file.trickleEveryMs);
    res.once("close", () => clearInterval(timer));
    return;
  }
  if (first && file.dropAfter !== undefined) {
    res.write(body.subarray(0, file.dropAfter), () => setTimeout(() => res.socket?.destroy(), 20));
    return;
  }
  // In chunks, so a large body streams.
  let at = 0;
  const pump = () => {
    while (at < body.length) {
      const chunk = body.subarray(at, at + 64 * 1024);
      at += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end();
  };
  pump();
}
