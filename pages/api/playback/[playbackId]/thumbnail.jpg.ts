import { mediaRoute } from "@/lib/app/media-route";
import { openThumbnail } from "@/lib/playback/thumbnail";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The frame at `?time=` seconds, `?width=` pixels wide, by playbackId: made once, then stored. */
const route = mediaRoute(["playbackId"], ({ app, request, params }) => openThumbnail(app, request, params.playbackId));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
