/**
 * The uploads this process is receiving, so deleting an asset can stop its upload at once.
 * Other processes notice within a lease renewal (see upload-claim.ts).
 *
 * Also the claims this process gave up without being able to release them (the database was
 * unreachable when its PUT failed): the next PUT to this process takes such a claim over at once
 * rather than waiting for its lease to lapse. Another process waits for the lease.
 */
export class ReceivingUploads {
  private readonly byAsset = new Map<string, AbortController>();
  private readonly abandoned = new Map<string, number>();

  /** An upload this process now holds the claim of (any claim it abandoned before is replaced). */
  add(assetId: string, abort: AbortController): () => void {
    this.abandoned.delete(assetId);
    this.byAsset.set(assetId, abort);
    return () => {
      if (this.byAsset.get(assetId) === abort) this.byAsset.delete(assetId);
    };
  }

  abort(assetId: string, reason: Error): void {
    this.byAsset.get(assetId)?.abort(reason);
  }

  /** The claim made at `claimedAt` is held by nobody here any more, whatever the database still says. */
  abandon(assetId: string, claimedAt: number): void {
    this.abandoned.set(assetId, claimedAt);
  }

  /** The claim on the asset this process abandoned, if any. */
  abandonedClaim(assetId: string): number | undefined {
    return this.abandoned.get(assetId);
  }
}
