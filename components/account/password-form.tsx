"use client";

import { useActionState } from "react";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";

export interface PasswordFormState {
  errors: { currentPassword?: string; newPassword?: string };
}

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password", hint: "At least 8 characters." },
] as const;

/** Changing the password signs out every session; this browser is signed in again with the new one. */
export function PasswordForm({ action }: { action: (state: PasswordFormState, form: FormData) => Promise<PasswordFormState> }) {
  const [state, formAction, pending] = useActionState(action, { errors: {} });
  return (
    <form action={formAction} className="space-y-4">
      {FIELDS.map((field) => {
        const error = state.errors[field.name];
        const describedBy = error || ("hint" in field && field.hint) ? `${field.name}-note` : undefined;
        return (
          <div key={field.name}>
            <label htmlFor={field.name} className={labelStyles}>
              {field.label}
            </label>
            <input
              id={field.name}
              name={field.name}
              type="password"
              autoComplete={field.autoComplete}
              required={field.name === "newPassword"}
              minLength={field.name === "newPassword" ? 8 : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className={`${inputStyles} mt-1`}
            />
            {describedBy && (
              <p id={describedBy} className={`mt-1 text-xs ${error ? "text-red-700" : "text-slate-500"}`}>
                {error ?? ("hint" in field ? field.hint : "")}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className={buttonStyles.primary} disabled={pending}>
        {pending ? "Please wait…" : "Change password"}
      </button>
    </form>
  );
}
