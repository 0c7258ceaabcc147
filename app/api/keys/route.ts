import { pagedResponse, pageQuerySchema } from "@/lib/api/list-query";
import { parseJsonBody, parseQuery } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { createApiKey, createApiKeySchema, listApiKeys } from "@/lib/auth/api-keys";

export const GET = withUser(async ({ url, app, caller, origin }) => {
  const page = await listApiKeys(app.db, caller.userId, parseQuery(url, pageQuerySchema));
  return pagedResponse(url, page.items, page.nextCursor, origin);
});

/** The token is in this response only. */
export const POST = withUser(async ({ request, app, caller }) => {
  const { name } = await parseJsonBody(request, createApiKeySchema);
  const created = await createApiKey(app.db, { userId: caller.userId, name, now: app.now() });
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
