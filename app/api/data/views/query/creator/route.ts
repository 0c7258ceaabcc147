import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { parseMetricsQuery, queryViews } from "@/lib/analytics/query-views";
import { creatorViewsQuerySchema } from "@/lib/analytics/schemas";

/** Livepeer's `metrics.getCreatorViewership`: views and playtime of one asset, without the quality figures. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ app, caller, url }) => {
    const query = parseMetricsQuery(url, creatorViewsQuerySchema);
    return Response.json(await queryViews(app.db, caller.userId, query, app.now(), { quality: false }), {
      headers: { "Cache-Control": "no-store" },
    });
  }),
});
