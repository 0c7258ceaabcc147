import type { Asset, AssetAnswer } from "@/lib/assets/schemas";
import { api, ApiRequestError, dataOf } from "./api";

/** The asset in the plain shape, which the dashboard's session always reads (Studio's status object is for API keys). */
export function plainAsset(asset: AssetAnswer): Asset {
  const { status } = asset;
  if (typeof status !== "string") throw new Error("the service answered the Studio shape to the dashboard");
  return { ...asset, status };
}

/** The asset, or null when it no longer exists. */
export async function findAsset(assetId: string): Promise<Asset | null> {
  try {
    return plainAsset(await dataOf(api.GET("/api/asset/{id}", { params: { path: { id: assetId } } })));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Deletes an asset whose upload was given up. Failures are let go: an asset left `waiting` fails
 * on its own when its upload URL expires.
 */
export async function deleteAbandonedAsset(assetId: string): Promise<void> {
  await dataOf(api.DELETE("/api/asset/{id}", { params: { path: { id: assetId } } })).catch(() => {});
}
