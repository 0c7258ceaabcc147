import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { createUpload } from "@/lib/assets/create-upload";
import { shapeAsset } from "@/lib/assets/response-shape";
import { requestUploadSchema } from "@/lib/assets/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser({ body: requestUploadSchema, idempotent: true }, async ({ body, app, caller, origin }) => {
    const created = await createUpload(app, { userId: caller.userId, input: body, origin });
    return Response.json({ ...created, asset: shapeAsset(created.asset, caller.shape) });
  }),
});
