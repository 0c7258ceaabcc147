import { signingKeyPatchSchema } from "@/lib/access-control/schemas";
import { deleteSigningKey, getSigningKey, updateSigningKey } from "@/lib/access-control/signing-keys";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";

/** PATCH and DELETE answer 204, the only success Livepeer's SDK accepts for them. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller }) => Response.json(await getSigningKey(app.db, caller.userId, idParam(params.id, "signing key")))),

  PATCH: withUser({ body: signingKeyPatchSchema }, async ({ body, params, app, caller }) => {
    await updateSigningKey(app.db, caller.userId, idParam(params.id, "signing key"), body);
    return new Response(null, { status: 204 });
  }),

  DELETE: withUser(async ({ params, app, caller }) => {
    await deleteSigningKey(app.db, caller.userId, idParam(params.id, "signing key"));
    return new Response(null, { status: 204 });
  }),
});
