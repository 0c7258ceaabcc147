import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { auth, oauthProviders } from "@/lib/app/next-auth";
import { signInWithPassword, signInWithProvider } from "../actions";

export const metadata: Metadata = { title: "Sign in" };

/** Auth.js sends OAuth failures back here as `?error=<type>`. */
const OAUTH_ERRORS: Record<string, string> = {
  AccessDenied: "That account cannot sign in here: the provider did not confirm an email address.",
  Configuration: "Sign-in is misconfigured on this server. Ask its administrator.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if ((await auth())?.user?.id) redirect("/overview");
  const { callbackUrl, error, signedOut, password } = await searchParams;
  const callback = typeof callbackUrl === "string" ? callbackUrl : "";
  const providers = await oauthProviders();
  const oauthError = typeof error === "string" ? (OAUTH_ERRORS[error] ?? "Signing in failed. Please try again.") : undefined;

  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold">Sign in</h1>
      {oauthError && <ErrorAlert messages={[oauthError]} />}
      {signedOut === "everywhere" && (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          You were signed out of all sessions.
        </p>
      )}
      {password === "reset" && (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
          Your password was changed. Sign in with the new one.
        </p>
      )}
      <CredentialsForm action={signInWithPassword} mode="sign-in" callbackUrl={callback} />
      <p className="text-sm">
        <Link href="/forgot-password" className="font-medium text-indigo-700 underline">
          Forgot password?
        </Link>
      </p>
      {providers.length > 0 && (
        <div className="space-y-2 border-t border-slate-200 pt-4">
          {providers.map((provider) => (
            <form key={provider.id} action={signInWithProvider}>
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="callbackUrl" value={callback} />
              <button type="submit" className={`${buttonStyles.secondary} w-full`}>
                Continue with {provider.name}
              </button>
            </form>
          ))}
        </div>
      )}
      <p className="text-sm text-slate-600">
        No account yet?{" "}
        <Link href="/sign-up" className="font-medium text-indigo-700 underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
