import type { TaskRow } from "@/lib/db/schema";
import { releaseUploadClaim } from "@/lib/db/upload-transitions";
import { UploadTooLargeError } from "@/lib/storage/local-store";
import type { DirectUploads } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";
import { failWaitingUpload } from "./fail-waiting-upload";
import { recordUploadReceived } from "./mark-upload-received";
import { holdUploadClaim } from "./upload-claim";
import { log } from "@/lib/log/log";

export type DirectUploadOutcome =
  /** This call accepted the upload; the task is now queued (`waiting`). */
  | { kind: "accepted"; task: TaskRow }
  /** Nothing at the upload key yet. */
  | { kind: "absent" }
  /** Another signal is accepting it or already has, or the asset is no longer waiting. */
  | { kind: "busy" }
  /** Over the size limit: the asset failed and the object was deleted. */
  | { kind: "rejected" };

/**
 * Accepts an upload that went straight to the store. Every completion signal (the dashboard's
 * report, the watcher, bucket events) calls this; a reservation on the asset lets only one of
 * them copy the file to the asset's key, so duplicates are harmless and a later PUT to the
 * same URL can never become the asset's file once processing starts.
 */
export async function acceptDirectUpload(
  deps: TaskDeps,
  uploads: DirectUploads,
  assetId: string,
): Promise<DirectUploadOutcome> {
  const found = await uploads.find(assetId);
  if (!found) return { kind: "absent" };
  // A lost claim (the asset deleted meanwhile) shows when the move to processing is refused.
  const claim = await holdUploadClaim(deps, assetId, "direct", () => {});
  if (!claim) return { kind: "busy" };
  const { asset, claimedAt } = claim;
  try {
    if (found.size > deps.config.maxUploadBytes) {
      await failWaitingUpload(deps, assetId, new UploadTooLargeError(deps.config.maxUploadBytes).message);
      await uploads.discard(assetId);
      return { kind: "rejected" };
    }
    await uploads.keep(assetId, asset.storageKey, found.etag);
    const task = await recordUploadReceived(deps, assetId, claimedAt);
    // The copy is the asset's file now; a leftover upload object is removed with the asset.
    await uploads.discard(assetId).catch((error) => log.warn(`upload ${assetId}`, "could not remove the upload object", error));
    return task ? { kind: "accepted", task } : { kind: "busy" };
  } catch (error) {
    await releaseUploadClaim(deps.db, assetId, claimedAt, deps.now());
    throw error;
  } finally {
    claim.stopRenewing();
  }
}
