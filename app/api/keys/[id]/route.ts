import { idParam } from "@/lib/api/ids";
import { withUser } from "@/lib/api/with-user";
import { revokeApiKey } from "@/lib/auth/api-keys";

export const DELETE = withUser<{ id: string }>(async ({ params, app, caller }) => {
  await revokeApiKey(app, { userId: caller.userId, id: idParam(params.id, "API key"), now: app.now() });
  return new Response(null, { status: 204 });
});
