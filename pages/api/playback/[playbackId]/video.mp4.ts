import { mediaRoute } from "@/lib/app/media-route";
import { openPlaybackFile } from "@/lib/playback/playback-file";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The asset's MP4 by playbackId, from either store, with Range so players can seek. */
const route = mediaRoute(["playbackId"], ({ app, request, params }) => openPlaybackFile(app, request, params.playbackId, "video"));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
