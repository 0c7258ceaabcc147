"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import type { CreatedSigningKey } from "@/lib/access-control/schemas";

/** A key just created: its private key, which the service does not keep, and its public key. */
export function NewSigningKey({ signingKey, onDone }: { signingKey: CreatedSigningKey; onDone(): void }) {
  return (
    <ShownOnceSecret
      title={<>Signing key “{signingKey.name}” created</>}
      secret={signingKey.privateKey}
      fieldLabel="The new signing key’s private key"
      copyLabel="Copy the private key"
      onDone={onDone}
      details={
        <div className="space-y-1">
          <label htmlFor="new-signing-key-public" className={`${labelStyles} text-green-900`}>
            Public key <span className="font-normal">(also listed below)</span>
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input id="new-signing-key-public" readOnly value={signingKey.publicKey} onFocus={(e) => e.currentTarget.select()} className={`${inputStyles} flex-1 font-mono`} />
            <CopyButton text={signingKey.publicKey} label="Copy the public key" />
          </div>
        </div>
      }
    >
      It is the private key: your backend signs viewer tokens with it and the public key, as they are (base64).
    </ShownOnceSecret>
  );
}
