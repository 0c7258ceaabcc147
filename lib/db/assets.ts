import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { preparedStatement } from "./prepared";
import { assets, isReadyWithoutDigests, type AssetRow } from "./schema";

export type AssetPatch = Partial<Omit<AssetRow, "id" | "userId" | "createdAt">>;

const findAssetStatement = preparedStatement((db) =>
  db.select().from(assets).where(eq(assets.id, sql.placeholder("id"))).prepare("find_asset"),
);

export async function findAsset(db: Db, id: string): Promise<AssetRow | undefined> {
  const [row] = await findAssetStatement(db).execute({ id });
  return row;
}

const findAssetByPlaybackIdStatement = preparedStatement((db) =>
  db.select().from(assets).where(eq(assets.playbackId, sql.placeholder("playbackId"))).prepare("find_asset_by_playback_id"),
);

/** Whoever holds a playbackId may play the asset: no user scope (a player's every seek asks). */
export async function findAssetByPlaybackId(db: Db, playbackId: string): Promise<AssetRow | undefined> {
  const [row] = await findAssetByPlaybackIdStatement(db).execute({ playbackId });
  return row;
}

const findUserAssetStatement = preparedStatement((db) =>
  db
    .select()
    .from(assets)
    .where(and(eq(assets.id, sql.placeholder("id")), eq(assets.userId, sql.placeholder("userId"))))
    .prepare("find_user_asset"),
);

export async function findUserAsset(db: Db, userId: string, id: string): Promise<AssetRow | undefined> {
  const [row] = await findUserAssetStatement(db).execute({ id, userId });
  return row;
}

export async function updateAsset(db: Db, id: string, patch: AssetPatch): Promise<AssetRow | undefined> {
  const [row] = await db.update(assets).set(patch).where(eq(assets.id, id)).returning();
  return row;
}

export async function updateUserAsset(db: Db, userId: string, id: string, patch: AssetPatch): Promise<AssetRow | undefined> {
  const [row] = await db.update(assets).set(patch).where(and(eq(assets.id, id), eq(assets.userId, userId))).returning();
  return row;
}

/** Asks for an export to IPFS once the asset is ready, if it is not yet (waiting or processing); false otherwise. */
export async function setIpfsOnReady(db: Db, userId: string, id: string, spec: Record<string, unknown>): Promise<boolean> {
  const rows = await db
    .update(assets)
    .set({ ipfsOnReady: spec })
    .where(and(eq(assets.id, id), eq(assets.userId, userId), inArray(assets.status, ["waiting", "processing"])))
    .returning({ id: assets.id });
  return rows.length > 0;
}

/** The export to IPFS asked for the asset once ready, taken (cleared) so that it starts once; undefined when none. */
export async function takeIpfsOnReady(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ spec: assets.ipfsOnReady }).from(assets).where(eq(assets.id, id)).for("update");
    if (!row?.spec) return undefined;
    await tx.update(assets).set({ ipfsOnReady: null }).where(eq(assets.id, id));
    return row.spec;
  });
}

export async function deleteUserAsset(db: Db, userId: string, id: string): Promise<AssetRow | undefined> {
  const [row] = await db.delete(assets).where(and(eq(assets.id, id), eq(assets.userId, userId))).returning();
  return row;
}

/** The query behind findReadyAssetWithoutDigests, which a partial index answers. */
export function readyAssetsWithoutDigests(db: Db, afterId: string | null) {
  return db
    .select()
    .from(assets)
    .where(and(isReadyWithoutDigests(assets), afterId ? gt(assets.id, afterId) : undefined))
    .orderBy(assets.id)
    .limit(1);
}

/** The next ready asset after `afterId` checked before its CID or md5 were computed: the digest backfill's work. */
export async function findReadyAssetWithoutDigests(db: Db, afterId: string | null): Promise<AssetRow | undefined> {
  const [row] = await readyAssetsWithoutDigests(db, afterId);
  return row;
}

/** Records backfilled digests, provided the file is still the one hashed (same sha256): the same bytes give the same digests. */
export async function recordAssetDigests(db: Db, id: string, sha256: string, digests: { cidv1: string; carSize: number; md5: string }): Promise<void> {
  const { cidv1, carSize, md5 } = digests;
  await db.update(assets).set({ cidv1, carSize, md5 }).where(and(eq(assets.id, id), eq(assets.sha256, sha256)));
}

/** Lists the static MP4s made of the asset's ladder `ladder`, if it still has that ladder. */
export async function setStaticMp4s(db: Db, id: string, ladder: number, staticMp4s: Array<{ dir: string; size: number }>): Promise<void> {
  await db
    .update(assets)
    .set({ transcode: sql`jsonb_set(${assets.transcode}, '{staticMp4s}', ${JSON.stringify(staticMp4s)}::jsonb)` })
    .where(and(eq(assets.id, id), sql`(${assets.transcode}->>'ladder')::int = ${ladder}`));
}
