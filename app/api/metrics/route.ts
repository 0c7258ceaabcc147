import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { checkMetricsToken, scrapeMetrics } from "@/lib/metrics/scrape";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic(async ({ request, app }) => {
    checkMetricsToken(request, app.config.metricsToken);
    const { text, contentType } = await scrapeMetrics(app);
    return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
  }),
});
