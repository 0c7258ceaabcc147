"use client";

import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import type { CreatedWebhook } from "@/lib/webhooks/schemas";

/** The shared secret of a webhook just created: the service never shows it again. */
export function NewSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone(): void }) {
  return (
    <ShownOnceSecret
      title={<>Webhook “{webhook.name}” created</>}
      secret={webhook.sharedSecret}
      fieldLabel="The new webhook’s signing secret"
      copyLabel="Copy the signing secret"
      onDone={onDone}
    >
      Your endpoint uses this signing secret to check the <code>webhook-signature</code> and <code>Livepeer-Signature</code>{" "}
      headers.
    </ShownOnceSecret>
  );
}
