import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db } from "./client";
import { passwordResets } from "./schema";

/** Records a new reset link, and forgets the user's links that can no longer be used. */
export async function insertPasswordReset(
  db: Db,
  values: { userId: string; tokenHash: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, values.userId), or(lte(passwordResets.expiresAt, values.createdAt), isNotNull(passwordResets.usedAt))));
  await db.insert(passwordResets).values(values);
}

const usable = (tokenHash: string, now: number) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/** Whether the link is neither used nor expired, without using it. */
export async function isPasswordResetUsable(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usable(tokenHash, now));
  return row !== undefined;
}

/**
 * Uses the link: its user when it was neither used nor expired. One statement, so two requests
 * with the same link cannot both get the user.
 */
export async function consumePasswordReset(db: Db, tokenHash: string, now: number): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usable(tokenHash, now))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Ends every link of the user still open: once the password changed, an older link must not change it again. */
export async function endPasswordResets(db: Db, userId: string, now: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
