import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { viewerSummary } from "@/lib/analytics/viewer-summary";
import { viewerSummaryQuerySchema } from "@/lib/analytics/schemas";

/** The asset page's Viewers panel: one asset's last 30 days. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: viewerSummaryQuerySchema }, async ({ app, caller, query }) =>
    Response.json(await viewerSummary(app.db, caller.userId, query.assetId, app.now()), {
      headers: { "Cache-Control": "no-store" },
    }),
  ),
});
