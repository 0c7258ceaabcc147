import { notFound } from "@/lib/api/errors";
import { idParam } from "@/lib/api/ids";
import { mediaRoute } from "@/lib/app/media-route";
import { openLocalDownload } from "@/lib/assets/open-local-download";
import { isLocalStore } from "@/lib/storage/local-store";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The local store's signed, short-lived download URL; answers Range requests so players can seek. */
const route = mediaRoute(["assetId"], async ({ app, url, params }) => {
  if (!isLocalStore(app.storage)) throw notFound("no such endpoint");
  const download = await openLocalDownload(app.storage, { assetId: idParam(params.assetId, "asset"), url, now: app.now() });
  return { ...download, contentType: "video/mp4", cacheControl: "private, max-age=300" };
});

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
