import { createHash, randomBytes } from "node:crypto";
import type { SignUpMode } from "@/lib/config/config";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { consumeInvitation, insertInvitation, isInvitationUsable, recordInvitationUser } from "@/lib/db/invitations";
import type { UserRow } from "@/lib/db/schema";
import { findOwner, findUserByEmail, insertUser } from "@/lib/db/users";
import type { Credentials } from "./credentials";
import { hashPassword } from "./passwords";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** Only the digest is stored: a copy of the database gives no working link. */
function digest(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Whether someone may make an account here, and on what terms: `first` (nobody has one yet: whoever
 * makes the first is the owner, whatever the mode, so a fresh install works), `open`, `invited`
 * (the invitation is usable), `invitation-unusable` (used or expired), `invite-only` (no invitation
 * given), `closed`.
 */
export type SignUpStatus = "first" | "open" | "invited" | "invitation-unusable" | "invite-only" | "closed";

export async function signUpStatus(db: Db, mode: SignUpMode, invitation: string | undefined, now: number): Promise<SignUpStatus> {
  if (!(await findOwner(db))) return "first";
  if (mode === "open") return "open";
  if (mode === "closed") return "closed";
  if (!invitation) return "invite-only";
  return (await isInvitationUsable(db, digest(invitation), now)) ? "invited" : "invitation-unusable";
}

/**
 * Whether a sign-in with GitHub or Google may go on: it makes an account for an email that has
 * none, which takes no invitation only for the first account or while SIGN_UP=open.
 */
export async function mayUseProvider(db: Db, mode: SignUpMode, email: string): Promise<boolean> {
  if (await findUserByEmail(db, email)) return true;
  return mode === "open" || !(await findOwner(db));
}

export type SignUpResult =
  | { ok: true; user: UserRow }
  | { ok: false; reason: "email-taken" | "closed" | "invitation-needed" | "invitation-unusable" };

/**
 * Makes an account under SIGN_UP's rule. With an invitation, the invitation is used up by the
 * account it made, in one transaction: a taken email leaves it usable.
 */
export async function signUp(
  db: Db,
  mode: SignUpMode,
  request: { credentials: Credentials; invitation?: string },
  now: number,
): Promise<SignUpResult> {
  const status = await signUpStatus(db, mode, request.invitation, now);
  if (status === "closed") return { ok: false, reason: "closed" };
  if (status === "invite-only") return { ok: false, reason: "invitation-needed" };
  if (status === "invitation-unusable") return { ok: false, reason: "invitation-unusable" };
  const { email, password } = request.credentials;
  if (await findUserByEmail(db, email)) return { ok: false, reason: "email-taken" };
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx): Promise<SignUpResult> => {
      const invitationId = status === "invited" ? await consumeInvitation(tx, digest(request.invitation!), now) : undefined;
      if (status === "invited" && !invitationId) return { ok: false, reason: "invitation-unusable" };
      const user = await insertUser(tx, { email, passwordHash, createdAt: now });
      if (invitationId) await recordInvitationUser(tx, invitationId, user.id);
      return { ok: true, user };
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index lets only one through.
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

/** A new invitation's token, made by the owner; undefined when there is no account yet (the first needs none). */
export async function createInvitation(db: Db, now: number): Promise<{ token: string; expiresAt: number } | undefined> {
  const owner = await findOwner(db);
  if (!owner) return undefined;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + INVITATION_TTL_DAYS * 24 * 3600_000;
  await insertInvitation(db, { createdBy: owner.id, tokenHash: digest(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Whether the user is the owner, who may invite. */
export async function isOwner(db: Db, userId: string): Promise<boolean> {
  return (await findOwner(db))?.id === userId;
}

/** The sign-up page's address with the invitation in it. */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/sign-up?invitation=${encodeURIComponent(token)}`;
}
