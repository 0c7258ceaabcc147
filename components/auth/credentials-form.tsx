"use client";

import { useActionState } from "react";
import { EmailField } from "@/components/auth/email-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";

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
  invitation,
}: {
  action: Action;
  mode: "sign-in" | "sign-up";
  callbackUrl?: string;
  /** The invitation a sign-up is made with (SIGN_UP=invite). */
  invitation?: string;
}) {
  const [state, formAction, pending] = useActionState(action, { email: "", errors: [], fieldErrors: {} });
  const signUp = mode === "sign-up";
  return (
    <form action={formAction} className="space-y-4">
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      {invitation && <input type="hidden" name="invitation" value={invitation} />}
      <ErrorAlert messages={state.errors} />
      <EmailField defaultValue={state.email} error={state.fieldErrors.email} />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete={signUp ? "new-password" : "current-password"}
        required
        minLength={signUp ? 8 : undefined}
        error={state.fieldErrors.password}
        hint={signUp ? "At least 8 characters." : undefined}
      />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? "Please wait…" : signUp ? "Create account" : "Sign in"}
      </button>
    </form>
  );
}
