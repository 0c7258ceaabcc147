import { mediaRoute } from "@/lib/app/media-route";
import { openHlsPlaylist } from "@/lib/playback/hls-files";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The asset's HLS media playlist, packaged from its MP4 when asked. */
const route = mediaRoute(["playbackId"], ({ app, request, params }) => openHlsPlaylist(app, request, params.playbackId));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
