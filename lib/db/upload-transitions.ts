import { and, eq, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "./client";
import { assets, tasks, type AssetRow, type TaskRow, type UploadVia } from "./schema";

/**
 * A waiting asset's upload slot is free when nobody claimed it, or the claim's lease ran out
 * (its holder died, or stopped renewing).
 */
const slotIsFree = (now: number) => or(isNull(assets.uploadLeaseExpiresAt), lt(assets.uploadLeaseExpiresAt, now));

/**
 * Claims a waiting asset's upload slot for `via` until `leaseUntil`; undefined when it is held or
 * not waiting. `replacing` is a claim its holder gave up: it counts as free.
 */
export async function claimUpload(
  db: Db,
  id: string,
  via: UploadVia,
  now: number,
  leaseUntil: number,
  replacing?: number,
): Promise<AssetRow | undefined> {
  const free = replacing === undefined ? slotIsFree(now) : or(slotIsFree(now), eq(assets.uploadClaimedAt, replacing));
  const [row] = await db
    .update(assets)
    .set({ uploadClaimedAt: now, uploadLeaseExpiresAt: leaseUntil, uploadVia: via, updatedAt: now })
    .where(and(eq(assets.id, id), eq(assets.status, "waiting"), free))
    .returning();
  return row;
}

/** Holds the claim made at `claimedAt` a while longer; false when it is no longer held (taken over, asset gone). */
export async function renewUploadClaim(db: Db, id: string, claimedAt: number, now: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(assets)
    .set({ uploadLeaseExpiresAt: now + leaseMs })
    .where(and(eq(assets.id, id), eq(assets.status, "waiting"), eq(assets.uploadClaimedAt, claimedAt)))
    .returning({ id: assets.id });
  return rows.length > 0;
}

export async function releaseUploadClaim(db: Db, id: string, claimedAt: number, now: number): Promise<void> {
  await db
    .update(assets)
    .set({ uploadClaimedAt: null, uploadLeaseExpiresAt: null, uploadVia: null, updatedAt: now })
    .where(and(eq(assets.id, id), eq(assets.status, "waiting"), eq(assets.uploadClaimedAt, claimedAt)));
}

/**
 * Waiting assets whose slot is claimed by a PUT or an acceptor, whatever the lease: at start-up of
 * the only process, all are stale. A tus upload's claim outlives processes: it resumes.
 */
export async function listClaimedUploads(db: Db): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.status, "waiting"), isNotNull(assets.uploadClaimedAt), ne(assets.uploadVia, "tus")));
}

/** waiting → processing for the holder of the claim made at `claimedAt`; undefined otherwise. */
export async function moveAssetToProcessing(db: Db, id: string, claimedAt: number, at: number): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ status: "processing", uploadLeaseExpiresAt: null, updatedAt: at })
    .where(and(eq(assets.id, id), eq(assets.status, "waiting"), eq(assets.uploadClaimedAt, claimedAt)))
    .returning();
  return row;
}

/** pending → waiting (queued, and due at once); undefined when the task was not pending. */
export async function queuePendingTask(db: Db, id: string, at: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ phase: "waiting", runAfter: null, updatedAt: at, statusUpdatedAt: at })
    .where(and(eq(tasks.id, id), eq(tasks.phase, "pending")))
    .returning();
  return row;
}

/**
 * Fails a waiting asset with the message (its upload slot stays as it was, to say how it was used). With `unlessClaimed`, only when no upload holds a live
 * claim (one being received is let finish); without it, whoever holds the slot.
 */
export async function failWaitingAsset(
  db: Db,
  id: string,
  values: { errorMessage: string; at: number; unlessClaimed?: boolean },
): Promise<AssetRow | undefined> {
  const waiting = and(eq(assets.id, id), eq(assets.status, "waiting"));
  const [row] = await db
    .update(assets)
    .set({ status: "failed", errorMessage: values.errorMessage, uploadLeaseExpiresAt: null, updatedAt: values.at })
    .where(values.unlessClaimed ? and(waiting, slotIsFree(values.at)) : waiting)
    .returning();
  return row;
}

/** Fails an asset whose file is being checked (`processing`); undefined when it is not. */
export async function failProcessingAsset(
  db: Db,
  id: string,
  values: { errorMessage: string; at: number },
): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ status: "failed", errorMessage: values.errorMessage, updatedAt: values.at })
    .where(and(eq(assets.id, id), eq(assets.status, "processing")))
    .returning();
  return row;
}
