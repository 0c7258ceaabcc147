import type { Db } from "@/lib/db/client";
import type { AssetRow } from "@/lib/db/schema";
import { renditionStatus } from "@/lib/transcode/rendition-status";
import type { Asset } from "./schemas";
import { serializeAsset, type AssetUrlContext } from "./serialize-asset";

/** One asset as GET /api/asset/{id} answers it: with its ladder and each rung's progress (section 18). */
export async function assetDetail(db: Db, row: AssetRow, ctx: AssetUrlContext): Promise<Asset> {
  const [asset, renditions] = await Promise.all([serializeAsset(row, ctx), renditionStatus(db, row)]);
  return renditions ? { ...asset, renditions } : asset;
}
