import { notFound } from "@/lib/api/errors";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { deleteAsset } from "@/lib/assets/delete-asset";
import { shapeAsset } from "@/lib/assets/response-shape";
import { updateAssetSchema } from "@/lib/assets/schemas";
import { assetDetail } from "@/lib/assets/asset-detail";
import { assetUrlContext } from "@/lib/assets/serialize-asset";
import { updateAsset } from "@/lib/assets/update-asset";
import { findUserAsset } from "@/lib/db/assets";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller, origin }) => {
    const asset = await findUserAsset(app.db, caller.userId, idParam(params.id, "asset"));
    if (!asset) throw notFound("asset not found");
    return Response.json(shapeAsset(await assetDetail(app.db, asset, assetUrlContext(app, origin)), caller.shape));
  }),

  PATCH: withUser({ body: updateAssetSchema }, async ({ body, params, app, caller, origin }) =>
    Response.json(shapeAsset(await updateAsset(app, { userId: caller.userId, id: idParam(params.id, "asset"), origin }, body), caller.shape)),
  ),

  DELETE: withUser(async ({ params, app, caller }) => {
    await deleteAsset(app, caller.userId, idParam(params.id, "asset"));
    return new Response(null, { status: 204 });
  }),
});
