import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { parseMetricsQuery, queryViews } from "@/lib/analytics/query-views";
import { viewsQuerySchema } from "@/lib/analytics/schemas";

/** Livepeer's `metrics.getViewership`. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ app, caller, url }) => {
    const query = parseMetricsQuery(url, viewsQuerySchema);
    return Response.json(await queryViews(app.db, caller.userId, query, app.now(), { quality: true }), {
      headers: { "Cache-Control": "no-store" },
    });
  }),
});
