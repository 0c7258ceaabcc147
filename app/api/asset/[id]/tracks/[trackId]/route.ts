import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { removeTrack } from "@/lib/captions/text-tracks";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: withUser(async ({ params, app, caller }) => {
    await removeTrack(app, caller.userId, idParam(params.id, "asset"), idParam(params.trackId, "track"));
    return new Response(null, { status: 204 });
  }),
});
