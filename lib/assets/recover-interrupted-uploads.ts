import { listClaimedUploads, releaseUploadClaim } from "@/lib/db/upload-transitions";
import { log } from "@/lib/log/log";
import type { TaskDeps } from "@/lib/tasks/types";

/**
 * Frees the upload slots a stopped process left claimed, and removes their partial files, so
 * each URL works again at once until it expires. Only for a database no other process can use:
 * elsewhere a claim may belong to a live process, and lapses with its lease instead.
 */
export async function recoverInterruptedUploads(deps: TaskDeps): Promise<void> {
  for (const asset of await listClaimedUploads(deps.db)) {
    await releaseUploadClaim(deps.db, asset.id, asset.uploadClaimedAt!, deps.now());
    // Waiting assets have no finished file; anything stored under the key is the interrupted upload.
    await deps.storage.delete(asset.storageKey);
    log.info(`upload ${asset.id}`, "an upload interrupted by a stop was discarded; its URL works again");
  }
}
