import { mediaRoute } from "@/lib/app/media-route";
import { openPlaybackFile } from "@/lib/playback/playback-file";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The asset's poster (JPEG) by playbackId; 404 when ffmpeg made none. */
const route = mediaRoute(["playbackId"], ({ app, request, params }) => openPlaybackFile(app, request, params.playbackId, "poster"));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
