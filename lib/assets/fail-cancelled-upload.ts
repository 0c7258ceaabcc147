import { failProcessingAsset } from "@/lib/db/upload-transitions";
import type { TaskDeps } from "@/lib/tasks/types";
import { failWaitingUpload } from "./fail-waiting-upload";

export const UPLOAD_CANCELLED_MESSAGE = "the upload was cancelled";

/**
 * An upload task was cancelled, so its asset can never become ready: it fails, whether it was
 * still waiting for its file (whose partial bytes are removed, as at expiry) or being checked.
 */
export async function failCancelledUpload(deps: TaskDeps, assetId: string): Promise<void> {
  if (await failWaitingUpload(deps, assetId, UPLOAD_CANCELLED_MESSAGE)) return;
  await failProcessingAsset(deps.db, assetId, { errorMessage: UPLOAD_CANCELLED_MESSAGE, at: deps.now() });
}
