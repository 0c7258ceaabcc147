import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "./client";
import { assets, tasks, type AssetRow, type TaskRow } from "./schema";

/** A waiting asset whose upload is not reserved, or whose reservation is older than `staleBefore`. */
const unreservedWaiting = (id: string, staleBefore: number) =>
  and(
    eq(assets.id, id),
    eq(assets.status, "waiting"),
    or(isNull(assets.uploadClaimedAt), lt(assets.uploadClaimedAt, staleBefore)),
  );

/**
 * Reserves a waiting asset's upload for one acceptor, like claimAssetUpload, but also takes over
 * a reservation older than `staleBefore` (its holder died mid-way).
 */
export async function claimUploadUnlessBusy(
  db: Db,
  id: string,
  at: number,
  staleBefore: number,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ uploadClaimedAt: at, updatedAt: at })
    .where(unreservedWaiting(id, staleBefore))
    .returning();
  return row;
}

/** waiting → processing; undefined when the asset was not waiting. */
export async function moveAssetToProcessing(db: Db, id: string, at: number): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ status: "processing", updatedAt: at })
    .where(and(eq(assets.id, id), eq(assets.status, "waiting")))
    .returning();
  return row;
}

/** pending → waiting (queued); undefined when the task was not pending. */
export async function queuePendingTask(db: Db, id: string, at: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ phase: "waiting", updatedAt: at, statusUpdatedAt: at })
    .where(and(eq(tasks.id, id), eq(tasks.phase, "pending")))
    .returning();
  return row;
}

/**
 * Fails a waiting asset with the message. With `staleBefore`, only when no upload is in progress
 * (unreserved, or reserved before then); without it, whoever holds the reservation.
 */
export async function failWaitingAsset(
  db: Db,
  id: string,
  values: { errorMessage: string; at: number; staleBefore?: number },
): Promise<AssetRow | undefined> {
  const where =
    values.staleBefore === undefined
      ? and(eq(assets.id, id), eq(assets.status, "waiting"))
      : unreservedWaiting(id, values.staleBefore);
  const [row] = await db
    .update(assets)
    .set({ status: "failed", errorMessage: values.errorMessage, updatedAt: values.at })
    .where(where)
    .returning();
  return row;
}
