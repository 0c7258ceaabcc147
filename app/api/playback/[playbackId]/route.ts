import { openCors, readOnlyPreflight, READ_ONLY_CORS_HEADERS } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { openPlayback } from "@/lib/playback/open-playback";
import { playbackInfo } from "@/lib/playback/playback-info";

/**
 * Livepeer's playback info: the playbackId is the capability of a public asset; a `jwt` asset
 * needs a viewer token, or its owner's session or API token (DESIGN.md section 11).
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: openCors(
    withPublic(async ({ request, params, app, origin }) => {
      const { asset, access } = await openPlayback(app, request, params.playbackId);
      // Its URLs carry no credential, but whether it answers at all depends on the viewer's.
      const headers = access.kind === "granted" ? { "Cache-Control": "private, no-store" } : undefined;
      return Response.json(playbackInfo(asset, origin), { headers });
    }),
    READ_ONLY_CORS_HEADERS,
  ),
  OPTIONS: readOnlyPreflight,
});
