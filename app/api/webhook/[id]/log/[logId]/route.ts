import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { getLog } from "@/lib/webhooks/webhook-logs";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller }) =>
    Response.json(await getLog(app, caller, idParam(params.id, "webhook"), idParam(params.logId, "webhook log"))),
  ),
});
