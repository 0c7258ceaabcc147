import { claimUpload, renewUploadClaim } from "@/lib/db/upload-transitions";
import { log } from "@/lib/log/log";
import type { TaskDeps } from "@/lib/tasks/types";

/** A claim lapses this long after its holder last renewed it (a dead holder frees the URL this fast). */
export const UPLOAD_LEASE_MS = 20_000;
const RENEW_EVERY_MS = 5_000;

/** The claim on an asset's upload slot was lost while receiving: the asset was deleted or the claim taken over. */
export class UploadClaimLostError extends Error {
  override readonly name = "UploadClaimLostError";
}

/**
 * Claims a waiting asset's single upload slot (the PUT URL, or a direct-upload acceptor) and
 * renews the claim until `release` is called. `onLost` runs if a renewal finds it gone.
 * `replacing` names a claim its holder gave up, which may be taken over.
 * Returns undefined when the slot is held or the asset is not waiting.
 */
export async function holdUploadClaim(deps: TaskDeps, assetId: string, via: "put" | "direct", onLost: () => void, replacing?: number) {
  const now = deps.now();
  const claimed = await claimUpload(deps.db, assetId, via, now, now + UPLOAD_LEASE_MS, replacing);
  if (!claimed?.uploadClaimedAt) return undefined;
  const claimedAt = claimed.uploadClaimedAt;
  const timer = setInterval(() => {
    renewUploadClaim(deps.db, assetId, claimedAt, deps.now(), UPLOAD_LEASE_MS).then(
      (held) => held || onLost(),
      (error) => log.warn(`upload ${assetId}`, "could not renew the upload claim", error),
    );
  }, RENEW_EVERY_MS);
  return { asset: claimed, claimedAt, stopRenewing: () => clearInterval(timer) };
}
