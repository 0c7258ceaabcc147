import { mediaRoute } from "@/lib/app/media-route";
import { openStoryboard } from "@/lib/playback/storyboard";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The asset's storyboard (made on the first request for it, then stored). */
const route = mediaRoute(["playbackId"], ({ app, request, params }) => openStoryboard(app, request, params.playbackId, "storyboard.jpg"));

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
