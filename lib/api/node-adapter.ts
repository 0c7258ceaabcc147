import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import type { RouteHandler } from "./methods";

type NodeRequest = IncomingMessage & { query: Partial<Record<string, string | string[]>> };

/**
 * Serves fetch-style route handlers (those `methods()` builds) from a Pages Router API route, for
 * bodies whose size must reach the client: Next.js drops `Content-Length` from App Router route
 * handlers' streamed responses, so players and `curl -I` would see no size. Requests without a
 * body only (downloads).
 */
export function servedWithContentLength(handlers: Record<string, RouteHandler>, paramNames: string[]) {
  return async (req: NodeRequest, res: ServerResponse) => {
    const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
      ),
    });
    const params = Object.fromEntries(paramNames.map((name) => [name, String(req.query[name] ?? "")]));
    const handler = handlers[req.method ?? "GET"] ?? handlers.GET;
    const response = await handler(request, { params: Promise.resolve(params) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => {
      // The client went away mid-download; nothing to answer.
    });
  };
}
