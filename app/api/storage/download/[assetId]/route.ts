import { Readable } from "node:stream";
import { notFound } from "@/lib/api/errors";
import { openCors, preflight } from "@/lib/api/cors";
import { idParam } from "@/lib/api/ids";
import { withPublic } from "@/lib/api/with-user";
import { openLocalDownload } from "@/lib/assets/open-local-download";
import { isLocalStore } from "@/lib/storage/local-store";

/** The local store's signed, short-lived download URL; answers Range requests so players can seek. */
const serve = (withBody: boolean) =>
  openCors(withPublic<{ assetId: string }>(async ({ request, url, params, app }) => {
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
    const body = withBody && download.size > 0 ? (Readable.toWeb(await download.open()) as ReadableStream) : null;
    return new Response(body, { status: download.partial ? 206 : 200, headers });
  }));

export const GET = serve(true);
export const HEAD = serve(false);
export const OPTIONS = preflight;
