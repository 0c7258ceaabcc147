import type { Db } from "@/lib/db/client";
import { findActiveSession, insertSession, revokeSession, revokeUserSessions } from "@/lib/db/sessions";
import { isUuid } from "@/lib/uuid";

/**
 * Server-side records of dashboard sign-ins. The Auth.js cookie carries the session id (`sid`);
 * the cookie is honoured only while its record is active, so signing out, signing out
 * everywhere or changing the password ends it at once on every process.
 */
export async function startSession(db: Db, userId: string, now: number, maxAgeSeconds: number): Promise<string> {
  const session = await insertSession(db, { userId, createdAt: now, expiresAt: now + maxAgeSeconds * 1000 });
  return session.id;
}

/** The user of an active session; undefined for a revoked, expired or unknown one. */
export async function activeSessionUser(db: Db, sessionId: unknown, now: number): Promise<string | undefined> {
  if (typeof sessionId !== "string" || !isUuid(sessionId)) return undefined;
  return (await findActiveSession(db, sessionId, now))?.userId;
}

export async function endSession(db: Db, sessionId: unknown, now: number): Promise<void> {
  if (typeof sessionId === "string" && isUuid(sessionId)) await revokeSession(db, sessionId, now);
}

export async function endAllSessions(db: Db, userId: string, now: number): Promise<void> {
  await revokeUserSessions(db, userId, now);
}
