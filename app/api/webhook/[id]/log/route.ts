import { idParam } from "@/lib/api/ids";
import { pagedResponse, pageQuerySchema } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/api/with-user";
import { listLogs } from "@/lib/webhooks/webhook-logs";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: pageQuerySchema }, async ({ query, params, url, app, caller, origin }) => {
    const page = await listLogs(app, caller, idParam(params.id, "webhook"), query);
    return pagedResponse(url, page.items, page.nextCursor, origin);
  }),
});
