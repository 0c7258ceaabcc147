import { Readable } from "node:stream";
import { openCors, preflight } from "@/lib/api/cors";
import { notFound } from "@/lib/api/errors";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { servedWithContentLength } from "@/lib/api/node-adapter";
import { withPublic } from "@/lib/api/with-user";
import { openLocalDownload } from "@/lib/assets/open-local-download";
import { isLocalStore } from "@/lib/storage/local-store";

/** Pages Router, not App Router: see servedWithContentLength. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The local store's signed, short-lived download URL; answers Range requests so players can seek. */
export const fetchHandlers = methods({
  GET: openCors(
    withPublic(async ({ request, url, params, app }) => {
      if (!isLocalStore(app.storage)) throw notFound("no such endpoint");
      const download = await openLocalDownload(app.storage, {
        assetId: idParam(params.assetId, "asset"),
        url,
        range: request.headers.get("range"),
        now: app.now(),
      });
      if (download.kind === "unsatisfiable") {
        return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${download.size}` } });
      }
      const headers = new Headers({
        "Content-Type": "video/mp4",
        "Accept-Ranges": "bytes",
        "Content-Length": String(download.end - download.start + 1),
        "Cache-Control": "private, max-age=300",
      });
      if (download.partial) headers.set("Content-Range", `bytes ${download.start}-${download.end}/${download.size}`);
      const body = request.method !== "HEAD" && download.size > 0 ? (Readable.toWeb(await download.open()) as ReadableStream) : null;
      return new Response(body, { status: download.partial ? 206 : 200, headers });
    }),
  ),
  OPTIONS: preflight,
});

export default servedWithContentLength(fetchHandlers, ["assetId"]);
