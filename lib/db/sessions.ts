import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { sessions, type SessionRow } from "./schema";

export async function insertSession(db: Db, values: { userId: string; createdAt: number; expiresAt: number }): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

/** The session when it is neither revoked nor expired (a deleted user's sessions are gone with it). */
export async function findActiveSession(db: Db, id: string, now: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

export async function revokeSession(db: Db, id: string, at: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, at: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
