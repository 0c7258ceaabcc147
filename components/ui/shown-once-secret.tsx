"use client";

import { useId, type ReactNode } from "react";
import { CopyButton } from "./copy-button";
import { buttonStyles, inputStyles } from "./styles";

/**
 * A secret the service shows only this once (an API key, a webhook's signing secret, a signing key's private key): a read-only
 * field that selects itself, a copy button, and Done to put it away.
 */
export function ShownOnceSecret({
  title,
  children,
  secret,
  fieldLabel,
  copyLabel,
  details,
  onDone,
}: {
  title: ReactNode;
  /** What to do with it; said after "it is shown only once". */
  children?: ReactNode;
  secret: string;
  /** The field's accessible name. */
  fieldLabel: string;
  copyLabel: string;
  /** What goes with the secret (not secret itself), under it. */
  details?: ReactNode;
  onDone(): void;
}) {
  const id = useId();
  return (
    <section role="status" aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-green-300 bg-green-50 p-4">
      <h2 id={`${id}-heading`} className="font-semibold text-green-900">
        {title}
      </h2>
      <p className="text-sm text-green-900">
        Copy it now: it is shown only once and cannot be recovered.{children && <> {children}</>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-secret`} className="sr-only">
          {fieldLabel}
        </label>
        <input
          id={`${id}-secret`}
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputStyles} flex-1 font-mono`}
        />
        <CopyButton text={secret} label={copyLabel} />
      </div>
      {details}
      <button type="button" className={buttonStyles.secondary} onClick={onDone}>
        Done
      </button>
    </section>
  );
}
