import { openCors } from "@/lib/api/cors";
import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { ingestReport } from "@/lib/analytics/ingest-report";

/** Players on any page report here, without a credential: `fetch` with a text body (no preflight), or `sendBeacon`. */
const REPORT_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

/** Livepeer's player metrics (`SessionData`), from its player and ours (DESIGN.md section 20). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: openCors(
    withPublic(async ({ request, app }) => {
      await ingestReport(
        { db: app.db, limiter: app.limiter, config: app.config, secret: app.uploadSigningSecret, now: app.now },
        request,
      );
      return new Response(null, { status: 204 });
    }),
    REPORT_CORS_HEADERS,
  ),
  OPTIONS: async () => new Response(null, { status: 204, headers: REPORT_CORS_HEADERS }),
});
