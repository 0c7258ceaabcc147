import { openCors, preflight } from "@/lib/api/cors";
import { notFound } from "@/lib/api/errors";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { servedWithContentLength } from "@/lib/api/node-adapter";
import { rangeResponse } from "@/lib/api/range-response";
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
      const download = await openLocalDownload(app.storage, { assetId: idParam(params.assetId, "asset"), url, now: app.now() });
      return rangeResponse(request, download, { "Content-Type": "video/mp4", "Cache-Control": "private, max-age=300" });
    }),
  ),
  OPTIONS: preflight,
});

export default servedWithContentLength(fetchHandlers, ["assetId"]);
