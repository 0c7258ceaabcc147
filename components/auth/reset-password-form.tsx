"use client";

import { useActionState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";

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
      <div>
        <label htmlFor="password" className={labelStyles}>
          New password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          aria-invalid={state.passwordError ? true : undefined}
          aria-describedby="password-hint"
          className={`${inputStyles} mt-1`}
        />
        <p id="password-hint" className={`mt-1 text-xs ${state.passwordError ? "text-red-700" : "text-slate-500"}`}>
          {state.passwordError ?? "At least 8 characters."}
        </p>
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? "Please wait…" : "Set new password"}
      </button>
    </form>
  );
}
