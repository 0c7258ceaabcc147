"use client";

import { useActionState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";

export interface ResetPasswordState {
  errors: string[];
  passwordError?: string;
}

/** The new password, for the reset link's token; on success the server sends the browser to sign in. */
export function ResetPasswordForm({ token, action: submit }: { token: string; action: (state: ResetPasswordState, form: FormData) => Promise<ResetPasswordState> }) {
  const [state, action, pending] = useActionState<ResetPasswordState, FormData>(submit, { errors: [] });
  return (
    <form action={action} aria-label="Choose a new password" className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <ErrorAlert messages={state.errors} />
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        error={state.passwordError}
        hint="At least 8 characters."
      />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? "Please wait…" : "Set new password"}
      </button>
    </form>
  );
}
