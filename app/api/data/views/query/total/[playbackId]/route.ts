import { openCors, readOnlyPreflight, READ_ONLY_CORS_HEADERS } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { publicViews } from "@/lib/analytics/query-views";

/** Livepeer's `metrics.getPublicViewership`: a playbackId's total views, for any page to show (no credential). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: openCors(
    withPublic(async ({ app, params }) =>
      Response.json(await publicViews(app.db, params.playbackId, app.now()), {
        headers: { "Cache-Control": "public, max-age=5" },
      }),
    ),
    READ_ONLY_CORS_HEADERS,
  ),
  OPTIONS: readOnlyPreflight,
});
