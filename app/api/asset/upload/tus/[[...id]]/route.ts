import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { checkTusRequest, tusAnswer } from "@/lib/tus/tus-request";
import { tusServerOf } from "@/lib/tus/tus-server";

/**
 * Resumable uploads (tus 1.0.0: creation, creation-with-upload, expiration, termination). POST
 * creates an asset's upload at the endpoint request-upload gave; HEAD, PATCH and DELETE act on
 * the upload's URL. Every request carries the signed token of its asset.
 */
const tus = withPublic(async ({ request, app, origin }) => {
  const checked = await checkTusRequest(app, request, origin);
  if (checked.answer) return checked.answer;
  const sentOffset = request.headers.get("upload-offset");
  return tusAnswer(app, checked, await tusServerOf(app).handleWeb(request), sentOffset);
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: tus,
  HEAD: tus,
  PATCH: tus,
  DELETE: tus,
  // CORS preflight: tus's own answer, with the headers tus clients need.
  OPTIONS: withPublic(async ({ request, app }) => tusServerOf(app).handleWeb(request)),
});
