import { createSigningKeySchema } from "@/lib/access-control/schemas";
import { createSigningKey, listSigningKeys } from "@/lib/access-control/signing-keys";
import { listResponse, pageQuerySchema } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: pageQuerySchema }, async (ctx) =>
    listResponse(ctx, ["signing-key", ctx.caller.userId], (page) => listSigningKeys(ctx.app.db, ctx.caller.userId, page)),
  ),

  /** 200 as Livepeer answers (its SDK accepts no other status); the private key is in this response only. */
  POST: withUser({ body: createSigningKeySchema, optionalBody: true, idempotent: true }, async ({ body, app, caller }) => {
    const created = await createSigningKey(app.db, { userId: caller.userId, name: body.name, now: app.now() });
    return Response.json(created, { headers: { "Cache-Control": "no-store" } });
  }),
});
