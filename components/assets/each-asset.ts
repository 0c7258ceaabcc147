import type { Asset } from "@/lib/assets/schemas";
import { messagesOf } from "@/lib/client/api";

/** Some of a bulk action's requests failed: one message per asset, naming it. */
export class SomeAssetsFailed extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(" "));
  }
}

/** A bulk action's errors: each failed asset's, or the request's own. */
export const describeBulkFailure = (error: unknown): string[] => (error instanceof SomeAssetsFailed ? error.messages : messagesOf(error));

export const countOf = (count: number) => (count === 1 ? "1 asset" : `${count} assets`);

/**
 * Runs `request` for each asset, all of them at once and all tried, whatever the others answer:
 * the results of those that succeeded, and the assets that failed with a message naming each
 * (`describe` says a failure's reasons).
 */
export async function forEachAsset<T>(
  assets: Asset[],
  request: (asset: Asset) => Promise<T>,
  describe: (error: unknown) => string[] = messagesOf,
): Promise<{ done: Array<{ asset: Asset; result: T }>; failed: Asset[]; messages: string[] }> {
  const results = await Promise.allSettled(assets.map(request));
  const done: Array<{ asset: Asset; result: T }> = [];
  const failed: Asset[] = [];
  const messages: string[] = [];
  results.forEach((result, index) => {
    const asset = assets[index];
    if (result.status === "fulfilled") return done.push({ asset, result: result.value });
    failed.push(asset);
    messages.push(`“${asset.name}”: ${describe(result.reason).join(" ")}`);
  });
  return { done, failed, messages };
}
