"use client";

import { useActionState } from "react";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";

export interface InvitationFormState {
  link?: string;
  error?: string;
}

/** The owner makes an invitation link (SIGN_UP=invite), shown once to be sent to the person invited. */
export function InvitationForm({
  action,
  validDays,
}: {
  action: (state: InvitationFormState, form: FormData) => Promise<InvitationFormState>;
  validDays: number;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-4">
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.link && (
        <div>
          <label htmlFor="invitation-link" className={labelStyles}>
            Invitation link
          </label>
          <input id="invitation-link" readOnly value={state.link} aria-describedby="invitation-link-note" className={`${inputStyles} mt-1 font-mono`} />
          <p id="invitation-link-note" className="mt-1 text-xs text-slate-500">
            Shown once. It makes one account and works for {validDays} days: send it to the person you invite.
          </p>
        </div>
      )}
      <button type="submit" className={buttonStyles.secondary} disabled={pending}>
        {pending ? "Please wait…" : "Create invitation link"}
      </button>
    </form>
  );
}
