import type { Db } from "@/lib/db/client";
import { findUserById, updateUserPassword } from "@/lib/db/users";
import { MIN_PASSWORD_LENGTH } from "./credentials";
import { hashPassword, verifyPassword } from "./passwords";
import { endAllSessions } from "./sessions";

export type PasswordChange =
  | { ok: true; email: string }
  | { ok: false; field: "currentPassword" | "newPassword"; message: string };

/**
 * Sets a new password after checking the current one (accounts made by OAuth have none yet), and
 * ends every session of the user, so a copied cookie stops working.
 */
export async function changePassword(
  db: Db,
  userId: string,
  passwords: { currentPassword: string; newPassword: string },
  now: number,
): Promise<PasswordChange> {
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, field: "currentPassword", message: "Your account no longer exists." };
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, passwords.currentPassword))) {
    return { ok: false, field: "currentPassword", message: "The current password is wrong." };
  }
  const length = passwords.newPassword.length;
  if (length < MIN_PASSWORD_LENGTH || length > 1024) {
    return { ok: false, field: "newPassword", message: `The new password must have ${MIN_PASSWORD_LENGTH} to 1024 characters.` };
  }
  await updateUserPassword(db, userId, await hashPassword(passwords.newPassword));
  await endAllSessions(db, userId, now);
  return { ok: true, email: user.email };
}
