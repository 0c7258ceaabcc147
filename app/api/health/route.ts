import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { checkHealth } from "@/lib/app/health";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic(async ({ app }) => {
    const health = await checkHealth(app);
    return Response.json(health, { status: health.ok ? 200 : 503 });
  }),
});
