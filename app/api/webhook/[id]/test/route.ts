import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { sendTestEvent } from "@/lib/webhooks/webhook-logs";

/** Sends a `webhook.test` event now and answers with the attempt's log. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser(async ({ params, app, caller }) => Response.json(await sendTestEvent(app, caller, idParam(params.id, "webhook")))),
});
