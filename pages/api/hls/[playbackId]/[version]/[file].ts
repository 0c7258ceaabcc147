import { mediaRoute } from "@/lib/app/media-route";
import { openHlsFile } from "@/lib/playback/hls-files";

/** Pages Router, not App Router: see mediaRoute. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** HLS init segment (`init.mp4`) and media segments (`{n}.m4s`), cut from the MP4 on request. */
const route = mediaRoute(["playbackId", "version", "file"], ({ app, request, params }) =>
  openHlsFile(app, request, params.playbackId, params.version, params.file),
);

export const fetchHandlers = route.fetchHandlers;
export default route.handler;
