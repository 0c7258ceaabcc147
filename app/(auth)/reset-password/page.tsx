import type { Metadata } from "next";
import Link from "next/link";
import { resetPasswordAction } from "@/app/(auth)/password-reset-actions";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { BackToSignIn } from "@/components/auth/back-to-sign-in";
import { getApp } from "@/lib/app/app";
import { isResetLinkUsable } from "@/lib/auth/password-reset";

// The link's token is in the address: no other site may see it in a Referer.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token: given } = await searchParams;
  const token = typeof given === "string" ? given : "";
  const app = await getApp();
  const usable = token !== "" && (await isResetLinkUsable(app.db, token, app.now()));
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      {usable ? (
        <>
          <p className="text-sm text-slate-600">Setting it signs your account out of every session.</p>
          <ResetPasswordForm token={token} action={resetPasswordAction} />
        </>
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          This link has expired or was already used.{" "}
          <Link href="/forgot-password" className="font-medium underline">
            Ask for a new one
          </Link>
          .
        </p>
      )}
      <BackToSignIn />
    </div>
  );
}
