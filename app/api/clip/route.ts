import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { shapeAsset } from "@/lib/assets/response-shape";
import { createClip } from "@/lib/clips/create-clip";
import { createClipSchema } from "@/lib/clips/schemas";

/** Livepeer's createClip (the SDK's `stream.createClip`): a frame-accurate clip of one of the caller's assets, as a new asset. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser({ body: createClipSchema, idempotent: true }, async ({ body, app, caller, origin }) => {
    const created = await createClip(app, { userId: caller.userId, input: body, origin });
    return Response.json({ ...created, asset: shapeAsset(created.asset, caller.shape) });
  }),
});
