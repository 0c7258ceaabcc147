"use client";

import { useActionState } from "react";
import { EmailField } from "@/components/auth/email-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";

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
      <EmailField defaultValue={state.email} error={state.emailError} />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? "Please wait…" : "Send reset link"}
      </button>
    </form>
  );
}
