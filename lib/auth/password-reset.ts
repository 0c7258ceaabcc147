import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { consumePasswordReset, endPasswordResets, insertPasswordReset, isPasswordResetUsable } from "@/lib/db/password-resets";
import { findUserByEmail, updateUserPassword } from "@/lib/db/users";
import { credentialsSchema } from "./credentials";
import { hashPassword } from "./passwords";
import { endAllSessions } from "./sessions";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** Only the digest is stored: a copy of the database gives no working link. */
function digest(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A new link's token for the user with this email; undefined when there is no such user. */
export async function startPasswordReset(db: Db, email: string, now: number): Promise<{ email: string; token: string } | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  const token = randomBytes(32).toString("base64url");
  await insertPasswordReset(db, { userId: user.id, tokenHash: digest(token), createdAt: now, expiresAt: now + PASSWORD_RESET_TTL_MINUTES * 60_000 });
  return { email: user.email, token };
}

export function isResetLinkUsable(db: Db, token: string, now: number): Promise<boolean> {
  return isPasswordResetUsable(db, digest(token), now);
}

export type PasswordReset = { ok: true } | { ok: false; field: "token" | "password"; message: string };

/**
 * Sets the password the link's owner chose, under the same rules as sign-up. The link is used up
 * only by a valid password, so a typo does not cost the user their link.
 */
export async function resetPassword(db: Db, request: { token: string; password: string }, now: number): Promise<PasswordReset> {
  const password = credentialsSchema.shape.password.safeParse(request.password);
  if (!password.success) return { ok: false, field: "password", message: `The password ${password.error.issues[0].message}.` };
  const userId = await consumePasswordReset(db, digest(request.token), now);
  if (!userId) return { ok: false, field: "token", message: "This link has expired or was already used. Ask for a new one." };
  await setPassword(db, userId, password.data, now);
  return { ok: true };
}

/** What `npm run user:reset-password` does: the user's email when it exists. */
export async function setPasswordByEmail(db: Db, request: { email: string; password: string }, now: number): Promise<string | undefined> {
  const user = await findUserByEmail(db, request.email);
  if (!user) return undefined;
  await setPassword(db, user.id, request.password, now);
  return user.email;
}

/** A new password ends every session (a copied cookie stops working) and every other reset link. */
async function setPassword(db: Db, userId: string, password: string, now: number): Promise<void> {
  await updateUserPassword(db, userId, await hashPassword(password));
  await endAllSessions(db, userId, now);
  await endPasswordResets(db, userId, now);
}
