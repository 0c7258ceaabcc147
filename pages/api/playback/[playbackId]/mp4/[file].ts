import { mediaRoute } from "@/lib/app/media-route";
import { openStaticMp4 } from "@/lib/playback/static-mp4-file";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** A transcoded rung's static MP4 (`staticMp4`), with Range so players can seek. */
const route = mediaRoute(["playbackId", "file"], ({ app, request, params }) => openStaticMp4(app, request, params.playbackId, params.file));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
