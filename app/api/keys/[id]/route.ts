import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/api/with-user";
import { revokeApiKey } from "@/lib/auth/api-keys";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: withUser(async ({ params, app, caller }) => {
    await revokeApiKey(app, { userId: caller.userId, id: idParam(params.id, "API key"), now: app.now() });
    return new Response(null, { status: 204 });
  }),
});
