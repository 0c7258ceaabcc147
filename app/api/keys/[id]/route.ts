import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { revokeApiKey, updateApiKey } from "@/lib/auth/api-keys";
import { updateApiKeySchema } from "@/lib/auth/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: withUser({ body: updateApiKeySchema }, async ({ body, params, app, caller }) =>
    Response.json(await updateApiKey(app, { userId: caller.userId, id: idParam(params.id, "API key") }, body)),
  ),

  DELETE: withUser(async ({ params, app, caller }) => {
    await revokeApiKey(app, { userId: caller.userId, id: idParam(params.id, "API key"), now: app.now() });
    return new Response(null, { status: 204 });
  }),
});
