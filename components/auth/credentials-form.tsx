"use client";

import { useActionState } from "react";
import { EmailField } from "@/components/auth/email-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";

/** What the server action answers: the email stays, errors for the form and for each field. */
export interface AuthFormState {
  email: string;
  errors: string[];
  fieldErrors: { email?: string; password?: string };
}

type Action = (state: AuthFormState, form: FormData) => Promise<AuthFormState>;

/** Email and password, posted to a server action; errors come back without losing the email. */
export function CredentialsForm({
  action,
  mode,
  callbackUrl,
}: {
  action: Action;
  mode: "sign-in" | "sign-up";
  callbackUrl?: string;
}) {
  const [state, formAction, pending] = useActionState(action, { email: "", errors: [], fieldErrors: {} });
  const signUp = mode === "sign-up";
  return (
    <form action={formAction} className="space-y-4">
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <ErrorAlert messages={state.errors} />
      <EmailField defaultValue={state.email} error={state.fieldErrors.email} />
      <div>
        <label htmlFor="password" className={labelStyles}>
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          minLength={signUp ? 8 : undefined}
          aria-invalid={state.fieldErrors.password ? true : undefined}
          aria-describedby={signUp ? "password-hint" : undefined}
          className={`${inputStyles} mt-1`}
        />
        {signUp && (
          <p id="password-hint" className={`mt-1 text-xs ${state.fieldErrors.password ? "text-red-700" : "text-slate-500"}`}>
            {state.fieldErrors.password ?? "At least 8 characters."}
          </p>
        )}
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? "Please wait…" : signUp ? "Create account" : "Sign in"}
      </button>
    </form>
  );
}
