import { and, eq, inArray, isNull, like, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { transcodeSegments, type TranscodeSegmentRow } from "./schema";

export interface SegmentKey {
  assetId: string;
  ladder: number;
  rendition: string;
  seq: number;
}

export interface LeaseHolder {
  owner: string;
  now: number;
  leaseMs: number;
}

/** Told on insert, so every node's background pool wakes for new work (PostgreSQL). */
export const SEGMENTS_PLANNED_CHANNEL = "vas_segments_planned";

export async function insertSegmentJobs(db: Db, rows: Array<Omit<SegmentKey, "seq"> & { seqs: number; queuedAt: number }>): Promise<void> {
  const values = rows.flatMap((row) =>
    Array.from({ length: row.seqs }, (_, seq) => ({ assetId: row.assetId, ladder: row.ladder, rendition: row.rendition, seq, queuedAt: row.queuedAt })),
  );
  for (let at = 0; at < values.length; at += 1000) {
    await db.insert(transcodeSegments).values(values.slice(at, at + 1000)).onConflictDoNothing();
  }
  await db.execute(sql`select pg_notify(${SEGMENTS_PLANNED_CHANNEL}, '')`);
}

/** A background run's lease ends with this: a viewer's request may take its segment over (it runs niced, single-threaded). */
export const BACKGROUND_LEASE_SUFFIX = ":background";

const takeable = (now: number, owner: string, overBackground = false) =>
  and(
    isNull(transcodeSegments.madeAt),
    isNull(transcodeSegments.failedReason),
    or(
      isNull(transcodeSegments.leaseOwner),
      eq(transcodeSegments.leaseOwner, owner),
      lt(transcodeSegments.leaseExpiresAt, now),
      overBackground ? like(transcodeSegments.leaseOwner, `%${BACKGROUND_LEASE_SUFFIX}`) : undefined,
    ),
  );

/**
 * Takes these segments of one rendition for `owner`, those not made, not failed and not held by a
 * live lease elsewhere; `overBackground`: also those a background run holds (a viewer waits).
 */
export async function claimSegments(db: Db, key: Omit<SegmentKey, "seq">, seqs: number[], holder: LeaseHolder, overBackground = false): Promise<number[]> {
  const rows = await db
    .update(transcodeSegments)
    .set({ leaseOwner: holder.owner, leaseExpiresAt: holder.now + holder.leaseMs, attempts: sql`${transcodeSegments.attempts} + 1` })
    .where(
      and(
        eq(transcodeSegments.assetId, key.assetId),
        eq(transcodeSegments.ladder, key.ladder),
        eq(transcodeSegments.rendition, key.rendition),
        inArray(transcodeSegments.seq, seqs),
        takeable(holder.now, holder.owner, overBackground),
      ),
    )
    .returning({ seq: transcodeSegments.seq });
  return rows.map((row) => row.seq).sort((a, b) => a - b);
}

export interface BackgroundClaim {
  assetId: string;
  ladder: number;
  /** `a`: the asset's whole audio stream; else one segment number of every video rendition named. */
  kind: "audio" | "video";
  seq: number;
  renditions: string[];
}

/**
 * The earliest piece of work no one holds: an asset's audio stream first (cheap, and every rung
 * needs it), else the earliest video segment, all its renditions at once (decoded once).
 */
export async function claimBackgroundWork(db: Db, holder: LeaseHolder, onlyAsset?: string): Promise<BackgroundClaim | undefined> {
  const assetFilter = onlyAsset ? sql`and asset_id = ${onlyAsset}` : sql``;
  const rows = await db.execute<{ asset_id: string; ladder: number; rendition: string; seq: number }>(sql`
    with pick as (
      select asset_id, ladder, seq, rendition = 'a' as audio from ${transcodeSegments}
      where made_at is null and failed_reason is null and (lease_owner is null or lease_expires_at < ${holder.now}) ${assetFilter}
        and not exists (
          select 1 from ${transcodeSegments} held
          where held.asset_id = ${transcodeSegments}.asset_id and held.ladder = ${transcodeSegments}.ladder
            and held.rendition = 'a' and ${transcodeSegments}.rendition = 'a'
            and held.made_at is null and held.lease_owner is not null and held.lease_expires_at >= ${holder.now}
        )
      order by (rendition = 'a') desc, queued_at, seq
      limit 1
      for update skip locked
    )
    update ${transcodeSegments} s
    set lease_owner = ${holder.owner}, lease_expires_at = ${holder.now + holder.leaseMs}, attempts = s.attempts + 1
    from pick
    where s.asset_id = pick.asset_id and s.ladder = pick.ladder
      and s.made_at is null and s.failed_reason is null
      and (s.lease_owner is null or s.lease_expires_at < ${holder.now})
      and (case when pick.audio then s.rendition = 'a' else s.rendition <> 'a' and s.seq = pick.seq end)
    returning s.asset_id, s.ladder, s.rendition, s.seq`);
  const claimed = rowsOf<{ asset_id: string; ladder: number; rendition: string; seq: number }>(rows);
  if (!claimed.length) return undefined;
  const first = claimed[0];
  const audio = first.rendition === "a";
  return {
    assetId: first.asset_id,
    ladder: Number(first.ladder),
    kind: audio ? "audio" : "video",
    seq: audio ? Math.min(...claimed.map((row) => Number(row.seq))) : Number(first.seq),
    renditions: [...new Set(claimed.map((row) => row.rendition))].sort(),
  };
}

/** Drizzle's execute answers rows (postgres.js) or `{ rows }` (PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Keeps `owner`'s leases on the asset's unmade segments of these renditions alive. */
export async function renewSegmentLeases(db: Db, key: Omit<SegmentKey, "seq">, renditions: string[], holder: LeaseHolder): Promise<void> {
  await db
    .update(transcodeSegments)
    .set({ leaseExpiresAt: holder.now + holder.leaseMs })
    .where(
      and(
        eq(transcodeSegments.assetId, key.assetId),
        eq(transcodeSegments.ladder, key.ladder),
        inArray(transcodeSegments.rendition, renditions),
        eq(transcodeSegments.leaseOwner, holder.owner),
        isNull(transcodeSegments.madeAt),
      ),
    );
}

/** Records the segment stored; true when this call made it (not a late duplicate): what the counters count. */
export async function markSegmentMade(db: Db, key: SegmentKey, now: number): Promise<boolean> {
  const rows = await db
    .update(transcodeSegments)
    .set({ madeAt: now, leaseOwner: null, leaseExpiresAt: null })
    .where(and(keyIs(key), isNull(transcodeSegments.madeAt)))
    .returning({ seq: transcodeSegments.seq });
  return rows.length > 0;
}

/** A failed attempt: the lease goes, so another try can take it; after `maxAttempts`, the segment has failed for good. */
export async function recordSegmentFailure(db: Db, key: SegmentKey, owner: string, reason: string, maxAttempts: number): Promise<void> {
  await db
    .update(transcodeSegments)
    .set({
      leaseOwner: null,
      leaseExpiresAt: null,
      failedReason: sql`case when ${transcodeSegments.attempts} >= ${maxAttempts} then ${reason} else null end`,
    })
    .where(and(keyIs(key), eq(transcodeSegments.leaseOwner, owner), isNull(transcodeSegments.madeAt)));
}

export async function findSegmentJob(db: Db, key: SegmentKey): Promise<TranscodeSegmentRow | undefined> {
  const [row] = await db.select().from(transcodeSegments).where(keyIs(key));
  return row;
}

export interface RenditionProgress {
  rendition: string;
  made: number;
  total: number;
}

/** Per rendition of the ladder, how many segments are made; and the first that failed for good, if any. */
export async function segmentProgress(db: Db, assetId: string, ladder: number): Promise<{ renditions: RenditionProgress[]; failed?: TranscodeSegmentRow }> {
  const where = and(eq(transcodeSegments.assetId, assetId), eq(transcodeSegments.ladder, ladder));
  const renditions = await db
    .select({
      rendition: transcodeSegments.rendition,
      made: sql<number>`(count(*) filter (where ${transcodeSegments.madeAt} is not null))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(transcodeSegments)
    .where(where)
    .groupBy(transcodeSegments.rendition);
  const [failed] = await db
    .select()
    .from(transcodeSegments)
    .where(and(where, sql`${transcodeSegments.failedReason} is not null`))
    .orderBy(transcodeSegments.seq)
    .limit(1);
  return { renditions: renditions.map((r) => ({ ...r, made: Number(r.made), total: Number(r.total) })), failed };
}

/** An older ladder's jobs, when a new one replaces it. */
export async function deleteOtherLadders(db: Db, assetId: string, ladder: number): Promise<void> {
  await db.delete(transcodeSegments).where(and(eq(transcodeSegments.assetId, assetId), ne(transcodeSegments.ladder, ladder)));
}

/** At an embedded start, no other process can hold a lease: a crashed run's are free at once. */
export async function releaseSegmentLeases(db: Db): Promise<void> {
  await db.update(transcodeSegments).set({ leaseOwner: null, leaseExpiresAt: null }).where(isNull(transcodeSegments.madeAt));
}

function keyIs(key: SegmentKey) {
  return and(
    eq(transcodeSegments.assetId, key.assetId),
    eq(transcodeSegments.ladder, key.ladder),
    eq(transcodeSegments.rendition, key.rendition),
    eq(transcodeSegments.seq, key.seq),
  );
}
