"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { InvitationFormState } from "@/components/account/invitation-form";
import type { PasswordFormState } from "@/components/account/password-form";
import { publicOrigin } from "@/lib/api/origin";
import { getApp } from "@/lib/app/app";
import { changePassword } from "@/lib/auth/account";
import { auth, SIGN_IN_PATH, signIn, signOut } from "@/lib/app/next-auth";
import { endAllSessions } from "@/lib/auth/sessions";
import { createInvitation, invitationLink, isOwner } from "@/lib/auth/sign-up";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: SIGN_IN_PATH });
}

async function signedInUserId(): Promise<string> {
  const userId = (await auth())?.user?.id;
  if (!userId) redirect(SIGN_IN_PATH);
  return userId;
}

/** Ends every session of the user, this one included: copied cookies stop working too. */
export async function signOutEverywhereAction(): Promise<void> {
  const app = await getApp();
  await endAllSessions(app.db, await signedInUserId(), app.now());
  await signOut({ redirectTo: `${SIGN_IN_PATH}?signedOut=everywhere` });
}

/** Changes the password, which ends every session, then signs this browser in again with it. */
export async function changePasswordAction(_state: PasswordFormState, form: FormData): Promise<PasswordFormState> {
  const app = await getApp();
  const passwords = {
    currentPassword: String(form.get("currentPassword") ?? ""),
    newPassword: String(form.get("newPassword") ?? ""),
  };
  const result = await changePassword(app.db, await signedInUserId(), passwords, app.now());
  if (!result.ok) return { errors: { [result.field]: result.message } };
  await signIn("credentials", { email: result.email, password: passwords.newPassword, redirectTo: "/account?password=changed" });
  return { errors: {} };
}

/** The owner makes an invitation link (SIGN_UP=invite); nobody else may. */
export async function createInvitationAction(): Promise<InvitationFormState> {
  const app = await getApp();
  if (app.config.signUp !== "invite") return { error: "Sign-up is not by invitation on this server (SIGN_UP)." };
  if (!(await isOwner(app.db, await signedInUserId()))) return { error: "Only the owner of this server can invite." };
  const invitation = await createInvitation(app.db, app.now());
  if (!invitation) return { error: "Only the owner of this server can invite." };
  const requestHeaders = await headers();
  const origin = publicOrigin(new Request(`http://${requestHeaders.get("host") ?? "localhost"}/`, { headers: requestHeaders }), app.config.appUrl);
  return { link: invitationLink(origin, invitation.token) };
}
