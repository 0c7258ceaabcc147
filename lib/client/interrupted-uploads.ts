import { deleteAbandonedAsset, findAsset } from "./assets";
import { forgetUpload, savedUploadsOf, type SavedUpload } from "./saved-uploads";
import { terminateUpload } from "./tus-transfer";

/**
 * The user's saved uploads that can still be resumed: those whose asset is gone or no longer
 * `waiting` (its file arrived, or its URL expired) are forgotten.
 */
export async function interruptedUploads(userId: string): Promise<SavedUpload[]> {
  const checked = await Promise.all(
    savedUploadsOf(userId).map(async (saved) => {
      try {
        if ((await findAsset(saved.assetId))?.status === "waiting") return saved;
        forgetUpload(saved.fingerprint);
        return undefined;
      } catch {
        // The service cannot tell right now; keep listing the upload.
        return saved;
      }
    }),
  );
  return checked.filter((saved) => saved !== undefined);
}

/** Cancels an interrupted upload: its partial bytes and its asset are deleted. */
export async function discardInterruptedUpload(saved: SavedUpload): Promise<void> {
  forgetUpload(saved.fingerprint);
  await terminateUpload(saved.uploadUrl).catch(() => {});
  await deleteAbandonedAsset(saved.assetId);
}
