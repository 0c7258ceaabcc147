import { listResponse, pageQuerySchema } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { createWebhook, listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { webhookInputSchema } from "@/lib/webhooks/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: pageQuerySchema }, async (ctx) =>
    listResponse(ctx, ["webhook", ctx.caller.userId], (page) => listWebhooks(ctx.app, ctx.caller, page)),
  ),

  /** 200 as Livepeer answers; the shared secret is in this response only. */
  POST: withUser({ body: webhookInputSchema, idempotent: true }, async ({ body, app, caller }) => {
    const webhook = await createWebhook(app, caller, body);
    return Response.json(webhook, { headers: { "Cache-Control": "no-store" } });
  }),
});
