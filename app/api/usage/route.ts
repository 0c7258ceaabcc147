import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { readUsage } from "@/lib/usage/read-usage";
import { usageQuerySchema } from "@/lib/usage/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: usageQuerySchema }, async ({ app, caller }) =>
    Response.json(await readUsage(app.db, caller.userId, app.now()), { headers: { "Cache-Control": "no-store" } }),
  ),
});
