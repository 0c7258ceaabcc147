import { openCors, readOnlyPreflight, READ_ONLY_CORS_HEADERS } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/api/with-user";
import { requirePlayableAsset } from "@/lib/playback/playable-asset";
import { playbackInfo } from "@/lib/playback/playback-info";

/** Livepeer's playback info; no token: the playbackId is the capability (DESIGN.md section 11). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: openCors(
    withPublic(async ({ params, app, origin }) => {
      const asset = await requirePlayableAsset(app.db, params.playbackId);
      return Response.json(playbackInfo(asset, origin));
    }),
    READ_ONLY_CORS_HEADERS,
  ),
  OPTIONS: readOnlyPreflight,
});
