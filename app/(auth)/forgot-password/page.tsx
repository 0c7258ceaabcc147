import type { Metadata } from "next";
import { requestPasswordResetAction } from "@/app/(auth)/password-reset-actions";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { BackToSignIn } from "@/components/auth/back-to-sign-in";
import { getApp } from "@/lib/app/app";
import { PASSWORD_RESET_TTL_MINUTES } from "@/lib/auth/password-reset";

export const metadata: Metadata = { title: "Reset your password" };
// Whether this server sends e-mail is known at run time only.
export const dynamic = "force-dynamic";

export default async function ForgotPasswordPage() {
  const { config } = await getApp();
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold">Reset your password</h1>
      {config.smtp ? (
        <>
          <p className="text-sm text-slate-600">Enter the email you sign in with: we will send it a link to choose a new password.</p>
          <ForgotPasswordForm ttlMinutes={PASSWORD_RESET_TTL_MINUTES} action={requestPasswordResetAction} />
        </>
      ) : (
        <div className="space-y-3 text-sm text-slate-700">
          <p>This server does not send e-mail. Whoever runs it can set a new password for you with this command, in the service&apos;s folder on the server:</p>
          <pre className="overflow-x-auto rounded-md bg-slate-100 p-3 text-xs text-slate-800">
            <code>npm run user:reset-password -- --email you@example.com</code>
          </pre>
          <p>It prints a new password once, and signs your account out everywhere.</p>
        </div>
      )}
      <BackToSignIn />
    </div>
  );
}
