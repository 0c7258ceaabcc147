import type { AssetRow } from "@/lib/db/schema";
import { signedUrl } from "@/lib/storage/signed-url";
import type { Storage } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";
import { playbackUrls } from "./playback-urls";
import type { Asset, AssetHash, AssetSource } from "./schemas";

export interface AssetUrlContext {
  storage: Storage;
  /** Signs `carUrl`. */
  signingSecret: string;
  origin: string;
  now: number;
  downloadUrlTtlSeconds: number;
}

/** The public Asset: fields not known yet are absent; `downloadUrl` and `posterUrl` only when ready. */
export async function serializeAsset(row: AssetRow, ctx: AssetUrlContext): Promise<Asset> {
  const asset = assetSnapshot(row);
  if (row.status === "ready") {
    asset.downloadUrl = await ctx.storage.createDownloadUrl({
      assetId: row.id,
      key: row.storageKey,
      expiresAt: ctx.now + ctx.downloadUrlTtlSeconds * 1000,
      origin: ctx.origin,
    });
    if (row.posterKey) asset.posterUrl = playbackUrls(ctx.origin, row.playbackId).poster;
    if (row.cidv1 && row.carSize !== null) asset.carUrl = signedCarUrl(row, ctx);
  }
  return asset;
}

/** The public Asset without its URLs (they need the request's origin), as webhook events carry it. */
export function assetSnapshot(row: AssetRow): Asset {
  const asset: Asset = {
    id: row.id,
    type: "video",
    playbackId: row.playbackId,
    userId: row.userId,
    name: row.name,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    status: row.status,
    source: sourceOf(row),
    playbackPolicy: { type: row.playbackPolicy },
  };
  if (row.creatorId) asset.creatorId = row.creatorId;
  if ((row.status === "failed" || row.status === "deleting") && row.errorMessage) asset.errorMessage = row.errorMessage;
  if (row.status === "failed" && row.detectedFormat) asset.detectedFormat = row.detectedFormat;
  if (row.size !== null) asset.size = row.size;
  if (row.sha256) asset.hash = assetHashes(row);
  if (row.videoSpec) asset.videoSpec = row.videoSpec;
  if (row.storage) asset.storage = row.storage;
  return asset;
}

function sourceOf(row: AssetRow): AssetSource {
  if (row.clipSource) return { type: "clip", sourceId: row.clipSource.sourceId, playbackId: row.clipSource.playbackId };
  return row.sourceUrl === null ? { type: "directUpload" } : { type: "url", url: row.sourceUrl };
}

export function assetUrlContext(deps: TaskDeps, origin: string): AssetUrlContext {
  return { storage: deps.storage, signingSecret: deps.uploadSigningSecret, origin, now: deps.now(), downloadUrlTtlSeconds: deps.config.downloadUrlTtlSeconds };
}

/** The asset's `hash` list: sha256, then its IPFS CID (section 17) and md5 once known. */
export function assetHashes(row: { sha256: string | null; cidv1: string | null; md5: string | null }): AssetHash[] {
  const hashes: AssetHash[] = row.sha256 ? [{ algorithm: "sha256", hash: row.sha256 }] : [];
  if (row.cidv1) hashes.push({ algorithm: "cidv1", hash: row.cidv1 });
  if (row.md5) hashes.push({ algorithm: "md5", hash: row.md5 });
  return hashes;
}

/** `GET /api/asset/{id}/car` signed for a while (DOWNLOAD_URL_TTL), so it opens without a token. */
function signedCarUrl(row: AssetRow, ctx: AssetUrlContext): string {
  const fields = { purpose: "car" as const, assetId: row.id, key: row.storageKey, expiresAt: ctx.now + ctx.downloadUrlTtlSeconds * 1000 };
  return signedUrl(ctx.origin, carPath(row.id), fields, ctx.signingSecret);
}

export const carPath = (assetId: string) => `/api/asset/${assetId}/car`;
