import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { resumableUploadOf } from "@/lib/assets/resumable-upload";

/** The tus endpoint (and upload URL) of the caller's waiting asset, to resume its upload from any browser. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller, origin }) => {
    const upload = await resumableUploadOf(app, { userId: caller.userId, assetId: idParam(params.id, "asset"), origin });
    return Response.json(upload, { headers: { "Cache-Control": "no-store" } });
  }),
});
