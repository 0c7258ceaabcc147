import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/manage-webhooks";
import { webhookInputSchema, webhookPatchSchema } from "@/lib/webhooks/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller }) => Response.json(await getWebhook(app, caller, idParam(params.id, "webhook")))),

  /** Livepeer's update: the whole webhook (absent events: every event). */
  PUT: withUser({ body: webhookInputSchema }, async ({ body, params, app, caller }) =>
    Response.json(await updateWebhook(app, caller, idParam(params.id, "webhook"), body, "replace")),
  ),

  PATCH: withUser({ body: webhookPatchSchema }, async ({ body, params, app, caller }) =>
    Response.json(await updateWebhook(app, caller, idParam(params.id, "webhook"), body, "merge")),
  ),

  /** 200 with the deleted webhook, as Livepeer's clients expect. */
  DELETE: withUser(async ({ params, app, caller }) => Response.json(await deleteWebhook(app, caller, idParam(params.id, "webhook")))),
});
