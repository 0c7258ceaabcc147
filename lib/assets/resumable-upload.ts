import { conflict, notFound } from "@/lib/api/errors";
import { findUserAsset } from "@/lib/db/assets";
import type { TaskDeps } from "@/lib/tasks/types";
import { signTusToken, tusEndpointUrl, tusUploadUrl } from "./tus-token";
import type { ResumableUpload } from "./schemas";

/**
 * The tus doors of the caller's own `waiting` asset, as request-upload gave them, so that its
 * upload can be resumed from any browser: the token is the same one (it signs the asset and the
 * upload's expiry, which does not move), and `uploadUrl` is there once a tus upload was created.
 */
export async function resumableUploadOf(
  deps: TaskDeps & { uploadSigningSecret: string },
  params: { userId: string; assetId: string; origin: string },
): Promise<ResumableUpload> {
  const asset = await findUserAsset(deps.db, params.userId, params.assetId);
  if (!asset) throw notFound("asset not found");
  if (asset.status !== "waiting") throw conflict(`the asset is ${asset.status}: it is no longer waiting for its file`);
  if (asset.uploadExpiresAt <= deps.now()) throw conflict("the upload URL has expired: upload the file again as a new asset");
  const token = signTusToken(deps.uploadSigningSecret, asset.id, asset.uploadExpiresAt);
  return {
    tusEndpoint: tusEndpointUrl(params.origin, token),
    ...(asset.uploadVia === "tus" && { uploadUrl: tusUploadUrl(params.origin, asset.id, token) }),
    expiresAt: asset.uploadExpiresAt,
  };
}
