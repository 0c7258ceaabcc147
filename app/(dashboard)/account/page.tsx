import type { Metadata } from "next";
import { PasswordForm } from "@/components/account/password-form";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { auth } from "@/lib/app/next-auth";
import { changePasswordAction, signOutEverywhereAction } from "../actions";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const changed = (await searchParams).password === "changed";
  const email = (await auth())?.user?.email;
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
