import type { Metadata } from "next";
import { InvitationForm } from "@/components/account/invitation-form";
import { PasswordForm } from "@/components/account/password-form";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { getApp } from "@/lib/app/app";
import { auth } from "@/lib/app/next-auth";
import { INVITATION_TTL_DAYS, isOwner } from "@/lib/auth/sign-up";
import { changePasswordAction, createInvitationAction, signOutEverywhereAction } from "../actions";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const changed = (await searchParams).password === "changed";
  const user = (await auth())?.user;
  const email = user?.email;
  const app = await getApp();
  const invites = app.config.signUp === "invite" && user?.id !== undefined && (await isOwner(app.db, user.id));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Account</h1>
        {/* In full however long: the header has no room for it. */}
        {email && (
          <p className="mt-1 text-sm text-slate-600">
            Signed in as <span className="font-medium break-all text-slate-900" data-testid="account-email">{email}</span>
          </p>
        )}
      </div>
      <section aria-labelledby="password-heading" className={`${cardStyles} max-w-xl space-y-4`}>
        <h2 id="password-heading" className="text-lg font-medium">
          Password
        </h2>
        {changed && (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
            Your password was changed. Every other session was signed out.
          </p>
        )}
        <PasswordForm action={changePasswordAction} />
      </section>
      {invites && (
        <section aria-labelledby="invitations-heading" className={`${cardStyles} max-w-xl space-y-3`}>
          <h2 id="invitations-heading" className="text-lg font-medium">
            Invitations
          </h2>
          <p className="text-sm text-slate-600">
            Sign-up on this server is by invitation, and you are its owner: make a link for each person who should have an
            account.
          </p>
          <InvitationForm action={createInvitationAction} validDays={INVITATION_TTL_DAYS} />
        </section>
      )}
      <section aria-labelledby="sessions-heading" className={`${cardStyles} max-w-xl space-y-3`}>
        <h2 id="sessions-heading" className="text-lg font-medium">
          Sessions
        </h2>
        <p className="text-sm text-slate-600">
          Signs out every browser signed in to your account, this one included. API keys are not affected.
        </p>
        <form action={signOutEverywhereAction}>
          <button type="submit" className={buttonStyles.danger}>
            Sign out of all sessions
          </button>
        </form>
      </section>
    </div>
  );
}
