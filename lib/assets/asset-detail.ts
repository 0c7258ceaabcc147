import type { Db } from "@/lib/db/client";
import type { AssetRow } from "@/lib/db/schema";
import { listTextTracks } from "@/lib/db/text-tracks";
import { trackOf } from "@/lib/captions/text-tracks";
import { renditionStatus } from "@/lib/transcode/rendition-status";
import type { Asset } from "./schemas";
import { serializeAsset, type AssetUrlContext } from "./serialize-asset";

/** One asset as GET /api/asset/{id} answers it: with its ladder and each rung's progress (section 18), and its text tracks (section 19). */
export async function assetDetail(db: Db, row: AssetRow, ctx: AssetUrlContext): Promise<Asset> {
  const [asset, renditions, tracks] = await Promise.all([serializeAsset(row, ctx), renditionStatus(db, row), listTextTracks(db, row.id)]);
  return { ...asset, ...(renditions && { renditions }), tracks: tracks.map(trackOf) };
}
