import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { createTrackSchema, TRACK_BODY_LIMIT } from "@/lib/captions/schemas";
import { createTrack, listTracks } from "@/lib/captions/text-tracks";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller }) => Response.json(await listTracks(app, caller.userId, idParam(params.id, "asset")))),

  POST: withUser({ body: createTrackSchema, maxBodyBytes: TRACK_BODY_LIMIT, idempotent: true }, async ({ body, params, app, caller }) =>
    Response.json(await createTrack(app, caller.userId, idParam(params.id, "asset"), body), { status: 201 }),
  ),
});
