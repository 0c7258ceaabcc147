"use client";

import { useActionState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";

export interface ForgotPasswordState {
  email: string;
  /** Set once a request went through: the page says where to look, whether or not the account exists. */
  requestedFor?: string;
  errors: string[];
  emailError?: string;
}

/** Asks for a reset link; the answer is the same whether an account has the email. */
export function ForgotPasswordForm({ ttlMinutes, action: submit }: { ttlMinutes: number; action: (state: ForgotPasswordState, form: FormData) => Promise<ForgotPasswordState> }) {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(submit, { email: "", errors: [] });
  return (
    <form action={action} aria-label="Send a password reset link" className="space-y-4">
      {state.requestedFor && (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
          If an account uses {state.requestedFor}, we sent it a link to choose a new password. The link works once, for{" "}
          {ttlMinutes} minutes.
        </p>
      )}
      <ErrorAlert messages={state.errors} />
      <div>
        <label htmlFor="email" className={labelStyles}>
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.email}
          aria-invalid={state.emailError ? true : undefined}
          aria-describedby={state.emailError ? "email-error" : undefined}
          className={`${inputStyles} mt-1`}
        />
        {state.emailError && (
          <p id="email-error" className="mt-1 text-xs text-red-700">
            {state.emailError}
          </p>
        )}
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? "Please wait…" : "Send reset link"}
      </button>
    </form>
  );
}
