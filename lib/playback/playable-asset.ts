import { notFound } from "@/lib/api/errors";
import { isPlaybackId } from "@/lib/assets/playback-id";
import type { Db } from "@/lib/db/client";
import { findAssetByPlaybackId } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";

/** The ready asset with this playbackId; undefined for an unknown id, or an asset not (or no longer) playable. */
export async function findPlayableAsset(db: Db, playbackId: string): Promise<AssetRow | undefined> {
  if (!isPlaybackId(playbackId)) return undefined;
  const asset = await findAssetByPlaybackId(db, playbackId);
  return asset?.status === "ready" ? asset : undefined;
}

/** Like findPlayableAsset, for the API: 404 otherwise, the same answer for unknown and not ready. */
export async function requirePlayableAsset(db: Db, playbackId: string): Promise<AssetRow> {
  const asset = await findPlayableAsset(db, playbackId);
  if (!asset) throw notFound("playback not found: no ready asset has this playbackId");
  return asset;
}
