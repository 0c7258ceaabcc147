import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { parseMetricsQuery, realtimeViews } from "@/lib/analytics/query-views";
import { realtimeQuerySchema } from "@/lib/analytics/schemas";

/** Livepeer's `metrics.getRealtimeViewership`: who is watching now. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ app, caller, url }) => {
    const query = parseMetricsQuery(url, realtimeQuerySchema);
    return Response.json(await realtimeViews(app.db, caller.userId, query, app.now()), {
      headers: { "Cache-Control": "no-store" },
    });
  }),
});
