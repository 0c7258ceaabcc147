import { idParam } from "@/lib/api/ids";
import { listResponse, pageQuerySchema } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { listLogs } from "@/lib/webhooks/webhook-logs";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: pageQuerySchema }, async (ctx) => {
    const webhookId = idParam(ctx.params.id, "webhook");
    return listResponse(ctx, ["webhook-log", ctx.caller.userId, webhookId], (page) => listLogs(ctx.app, ctx.caller, webhookId, page));
  }),
});
