"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { buttonStyles, inputStyles } from "@/components/ui/styles";
import type { CreatedWebhook } from "./create-webhook-form";

/** The shared secret of a webhook just created: the service never shows it again. */
export function NewSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone(): void }) {
  return (
    <section role="status" aria-labelledby="new-webhook-heading" className="space-y-3 rounded-lg border border-green-300 bg-green-50 p-4">
      <h2 id="new-webhook-heading" className="font-semibold text-green-900">
        Webhook “{webhook.name}” created
      </h2>
      <p className="text-sm text-green-900">
        Copy its signing secret now: it is shown only once and cannot be recovered. Your endpoint uses it to check the{" "}
        <code>webhook-signature</code> and <code>Livepeer-Signature</code> headers.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="new-webhook-secret" className="sr-only">
          The new webhook’s signing secret
        </label>
        <input
          id="new-webhook-secret"
          readOnly
          value={webhook.sharedSecret}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputStyles} flex-1 font-mono`}
        />
        <CopyButton text={webhook.sharedSecret} label="Copy the signing secret" />
      </div>
      <button type="button" className={buttonStyles.secondary} onClick={onDone}>
        Done
      </button>
    </section>
  );
}
