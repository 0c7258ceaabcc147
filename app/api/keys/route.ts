import { listResponse, pageQuerySchema } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { createApiKeySchema } from "@/lib/auth/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: pageQuerySchema }, async (ctx) =>
    listResponse(ctx, ["api-key", ctx.caller.userId], (page) => listApiKeys(ctx.app.db, ctx.caller.userId, page)),
  ),

  /** The token is in this response only. */
  POST: withUser({ body: createApiKeySchema, idempotent: true }, async ({ body, app, caller }) => {
    const created = await createApiKey(app.db, { userId: caller.userId, name: body.name, responseShape: body.responseShape, now: app.now() });
    return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
  }),
});
