import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { reportUploadComplete } from "@/lib/assets/report-upload-complete";
import { shapeAsset } from "@/lib/assets/response-shape";
import { assetUrlContext, serializeAsset } from "@/lib/assets/serialize-asset";

/** The dashboard reports that its PUT to the upload URL finished; answers the asset as it now is. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser(async ({ params, app, caller, origin }) => {
    const asset = await reportUploadComplete(app, caller.userId, idParam(params.id, "asset"));
    return Response.json(shapeAsset(await serializeAsset(asset, assetUrlContext(app, origin)), caller.shape));
  }),
});
