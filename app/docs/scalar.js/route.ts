import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Scalar's standalone bundle, served from the installed package so /docs works offline (no CDN),
 * and only /docs loads it.
 */
const BUNDLE = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

export async function GET(): Promise<Response> {
  const { size } = await fs.promises.stat(BUNDLE);
  return new Response(Readable.toWeb(fs.createReadStream(BUNDLE)) as ReadableStream, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Content-Length": String(size), "Cache-Control": "public, max-age=86400" },
  });
}
