import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { createImport } from "@/lib/assets/create-import";
import { shapeAsset } from "@/lib/assets/response-shape";
import { importAssetSchema } from "@/lib/assets/schemas";

/** Livepeer's import from a URL (the SDK's `asset.createViaUrl`): the service fetches the file itself. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser({ body: importAssetSchema, idempotent: true }, async ({ body, app, caller, origin }) => {
    const created = await createImport(app, { userId: caller.userId, input: body, origin });
    return Response.json({ ...created, asset: shapeAsset(created.asset, caller.shape) }, { status: 201 });
  }),
});
