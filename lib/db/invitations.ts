import { and, eq, gt, isNull, lte, or, isNotNull } from "drizzle-orm";
import type { Db } from "./client";
import { invitations } from "./schema";

/** Records a new invitation, and forgets the ones that can no longer be used. */
export async function insertInvitation(
  db: Db,
  values: { createdBy: string; tokenHash: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db.delete(invitations).where(or(lte(invitations.expiresAt, values.createdAt), isNotNull(invitations.usedAt)));
  await db.insert(invitations).values(values);
}

const usable = (tokenHash: string, now: number) =>
  and(eq(invitations.tokenHash, tokenHash), isNull(invitations.usedAt), gt(invitations.expiresAt, now));

/** Whether the invitation is neither used nor expired, without using it. */
export async function isInvitationUsable(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const [row] = await db.select({ id: invitations.id }).from(invitations).where(usable(tokenHash, now));
  return row !== undefined;
}

/** Uses the invitation: its id when it was neither used nor expired. One statement, so two sign-ups cannot both use it. */
export async function consumeInvitation(db: Db, tokenHash: string, now: number): Promise<string | undefined> {
  const [row] = await db.update(invitations).set({ usedAt: now }).where(usable(tokenHash, now)).returning({ id: invitations.id });
  return row?.id;
}

export async function recordInvitationUser(db: Db, id: string, userId: string): Promise<void> {
  await db.update(invitations).set({ usedBy: userId }).where(eq(invitations.id, id));
}
