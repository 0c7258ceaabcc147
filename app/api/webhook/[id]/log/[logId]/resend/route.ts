import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { resendLog } from "@/lib/webhooks/webhook-logs";

/** Sends the event again now (within the 10 s delivery limit) and answers with the new attempt's log. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser(async ({ params, app, caller }) =>
    Response.json(await resendLog(app, caller, idParam(params.id, "webhook"), idParam(params.logId, "webhook log"))),
  ),
});
