import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "./client";
import { idempotencyKeys, type IdempotencyKeyRow } from "./schema";

export interface IdempotencyClaim {
  userId: string;
  key: string;
  fingerprint: string;
  /** Names this request, so that only it can answer or release the claim. */
  owner: string;
  now: number;
  lockedUntil: number;
  /** A key first used before then has expired and is free for any request. */
  expiredBefore: number;
}

/**
 * Claims the user's key for one request, atomically: a new key, an expired one, or one whose
 * claim by the same request ran out of time (its process died) is taken; true when it was.
 */
export async function claimIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<boolean> {
  const { userId, key, fingerprint, owner, now, lockedUntil, expiredBefore } = claim;
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, owner, createdAt: now, lockedUntil })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, owner, createdAt: now, lockedUntil, statusCode: null, sealedAnswer: null },
      setWhere: or(
        lt(idempotencyKeys.createdAt, expiredBefore),
        and(isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.lockedUntil, now), eq(idempotencyKeys.fingerprint, fingerprint)),
      ),
    })
    .returning({ owner: idempotencyKeys.owner });
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Db, userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

const claimedBy = (userId: string, key: string, owner: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.owner, owner), isNull(idempotencyKeys.statusCode));

/** Keeps the answer of the request that holds the claim; false when the claim was taken over. */
export async function storeIdempotentAnswer(
  db: Db,
  claim: { userId: string; key: string; owner: string },
  answer: { statusCode: number; sealedAnswer: string },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set(answer)
    .where(claimedBy(claim.userId, claim.key, claim.owner))
    .returning({ owner: idempotencyKeys.owner });
  return rows.length > 0;
}

/** Frees the key for a retry, unless another request has taken the claim over. */
export async function releaseIdempotencyKey(db: Db, claim: { userId: string; key: string; owner: string }): Promise<void> {
  await db.delete(idempotencyKeys).where(claimedBy(claim.userId, claim.key, claim.owner));
}

export async function deleteIdempotencyKeysCreatedBefore(db: Db, before: number): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
