import { parseJsonBody } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { createUpload } from "@/lib/assets/create-upload";
import { requestUploadSchema } from "@/lib/assets/schemas";

export const POST = withUser(async ({ request, app, caller, origin }) => {
  const { name } = await parseJsonBody(request, requestUploadSchema);
  return Response.json(await createUpload(app, { userId: caller.userId, name, origin }));
});
