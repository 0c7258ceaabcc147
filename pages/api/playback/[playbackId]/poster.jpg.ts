import { openCors, readOnlyPreflight, READ_ONLY_CORS_HEADERS } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { servedWithContentLength } from "@/lib/api/node-adapter";
import { rangeResponse } from "@/lib/api/range-response";
import { withPublic } from "@/lib/api/with-user";
import { openPlaybackFile } from "@/lib/playback/playback-file";
import { PLAYBACK_CACHE_CONTROL } from "@/lib/playback/urls";

/** Pages Router, not App Router: see servedWithContentLength. */
export const config = { api: { bodyParser: false, responseLimit: false } };

/** The asset's poster (JPEG) by playbackId; 404 when ffmpeg made none. */
export const fetchHandlers = methods({
  GET: openCors(
    withPublic(async ({ request, params, app }) => {
      const poster = await openPlaybackFile(app, params.playbackId, "poster");
      return rangeResponse(request, poster, { "Content-Type": "image/jpeg", "Cache-Control": PLAYBACK_CACHE_CONTROL });
    }),
    READ_ONLY_CORS_HEADERS,
  ),
  OPTIONS: readOnlyPreflight,
});

export default servedWithContentLength(fetchHandlers, ["playbackId"]);
