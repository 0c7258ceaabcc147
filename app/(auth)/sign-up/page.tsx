import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { getApp } from "@/lib/app/app";
import { auth } from "@/lib/app/next-auth";
import { signUpStatus, type SignUpStatus } from "@/lib/auth/sign-up";
import { signUp } from "../actions";

export const metadata: Metadata = { title: "Sign up" };

/** What the page says about who may sign up here (SIGN_UP), and whether it shows the form. */
const NOTICES: Record<SignUpStatus, { text: string; form: boolean }> = {
  first: { text: "Nobody has an account on this server yet: the account you create now is its owner, who can invite others.", form: true },
  open: { text: "Anyone who can reach this server can create an account.", form: true },
  invited: { text: "You were invited to this server: create your account.", form: true },
  "invitation-unusable": { text: "This invitation link has expired or was already used. Ask the owner of this server for a new one.", form: false },
  "invite-only": { text: "Sign-up is by invitation: ask the owner of this server for an invitation link.", form: false },
  closed: { text: "Sign-up is closed on this server: ask its administrator for an account.", form: false },
};

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if ((await auth())?.user?.id) redirect("/overview");
  const given = (await searchParams).invitation;
  const invitation = typeof given === "string" && given ? given : undefined;
  const app = await getApp();
  const status = await signUpStatus(app.db, app.config.signUp, invitation, app.now());
  const notice = NOTICES[status];
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold">Create an account</h1>
      <p className="text-sm text-slate-600" data-testid="sign-up-mode">
        {notice.text}
      </p>
      {notice.form && <CredentialsForm action={signUp} mode="sign-up" invitation={status === "invited" ? invitation : undefined} />}
      <p className="text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/sign-in" className="font-medium text-indigo-700 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
