/**
 * The uploads this process is receiving, so deleting an asset can stop its upload at once.
 * Other processes notice within a lease renewal (see upload-claim.ts).
 */
export class ReceivingUploads {
  private readonly byAsset = new Map<string, AbortController>();

  add(assetId: string, abort: AbortController): () => void {
    this.byAsset.set(assetId, abort);
    return () => {
      if (this.byAsset.get(assetId) === abort) this.byAsset.delete(assetId);
    };
  }

  abort(assetId: string, reason: Error): void {
    this.byAsset.get(assetId)?.abort(reason);
  }
}
