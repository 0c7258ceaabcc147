"use client";

import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import type { SigningKey } from "@/lib/access-control/schemas";
import { api, dataOf } from "@/lib/client/api";
import { formatTime } from "@/lib/client/format";
import { usePendingRequest } from "@/lib/client/use-pending-request";

/** A key with its public key to copy; disable (enable) it, or delete it after a confirmation. */
export function SigningKeyRow({ signingKey, onChanged }: { signingKey: SigningKey; onChanged(): void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, errors, run } = usePendingRequest();
  const { name, disabled } = signingKey;
  const params = { path: { id: signingKey.id } };

  const toggle = () =>
    run(async () => {
      await dataOf(api.PATCH("/api/access-control/signing-key/{id}", { params, body: { disabled: !disabled } }));
      onChanged();
    });

  const remove = () =>
    run(async () => {
      await dataOf(api.DELETE("/api/access-control/signing-key/{id}", { params }));
      setConfirming(false);
      onChanged();
    });

  return (
    <li className="space-y-2 p-4" data-signing-key-id={signingKey.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className={`min-w-0 ${disabled ? "text-slate-600" : ""}`}>
          <p className="font-medium">
            {name} {disabled && <span className="text-xs font-normal">(disabled: its tokens are refused)</span>}
          </p>
          <p className="text-xs">
            created {formatTime(signingKey.createdAt)} · last used {signingKey.lastSeen ? formatTime(signingKey.lastSeen) : "never"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={toggle} disabled={busy}>
            {disabled ? "Enable" : "Disable"}
            <span className="sr-only"> {name}</span>
          </button>
          {confirming ? (
            <div role="group" aria-label={`Confirm deleting ${name}`} className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-red-800">Tokens signed with it stop working.</span>
              <button type="button" className={buttonStyles.danger} onClick={remove} disabled={busy}>
                {busy ? "Deleting…" : "Delete"}
              </button>
              <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={busy} autoFocus>
                Keep
              </button>
            </div>
          ) : (
            <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(true)} disabled={busy}>
              Delete<span className="sr-only"> {name}</span>
            </button>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate text-xs text-slate-600" title="Public key (base64 of its PEM)">
          {signingKey.publicKey}
        </code>
        <CopyButton text={signingKey.publicKey} label={`Copy the public key of ${name}`} />
      </div>
      <ErrorAlert messages={errors} />
    </li>
  );
}
