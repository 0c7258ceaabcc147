import { conflict, notFound } from "@/lib/api/errors";
import { findUserAsset } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { acceptDirectUpload } from "./accept-direct-upload";

/**
 * The uploader's report that its PUT finished (the dashboard sends it): accepts the upload at
 * once instead of waiting for the watcher's next look. Repeating it is harmless.
 */
export async function reportUploadComplete(
  deps: TaskDeps & { runner: TaskRunner },
  userId: string,
  assetId: string,
): Promise<AssetRow> {
  const asset = await findUserAsset(deps.db, userId, assetId);
  if (!asset) throw notFound("asset not found");
  const uploads = deps.storage.directUploads;
  if (asset.status === "waiting" && uploads) {
    const outcome = await acceptDirectUpload(deps, uploads, assetId);
    if (outcome.kind === "accepted") await deps.runner.enqueue(outcome.task);
  }
  const current = await findUserAsset(deps.db, userId, assetId);
  if (!current) throw notFound("asset not found");
  const beingAccepted = current.uploadLeaseExpiresAt !== null && current.uploadLeaseExpiresAt >= deps.now();
  if (current.status === "waiting" && !beingAccepted) {
    throw conflict("no file has been uploaded to this asset's upload URL yet");
  }
  return current;
}
