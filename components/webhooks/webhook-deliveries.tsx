"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { cardStyles } from "@/components/ui/styles";
import { DeliveryLog } from "./delivery-log";
import { useWebhook } from "./use-webhook";
import { WebhookActions } from "./webhook-actions";
import { WebhookSummary } from "./webhook-summary";

/** A webhook's page: what it is, its actions, and its delivery attempts. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const router = useRouter();
  const { webhook, missing, errors, reload } = useWebhook(webhookId);
  const [logRefreshes, setLogRefreshes] = useState(0);

  if (missing) {
    return (
      <div className={cardStyles}>
        <h1 className="text-xl font-semibold">Webhook not found</h1>
        <p className="mt-2 text-sm text-slate-600">It does not exist, or it belongs to someone else.</p>
        <Link href="/webhooks" className="mt-4 inline-block text-sm font-medium text-indigo-700 underline">
          Back to your webhooks
        </Link>
      </div>
    );
  }
  if (!webhook) {
    return errors.length > 0 ? (
      <ErrorAlert messages={errors} title="The webhook could not be loaded" />
    ) : (
      <p aria-busy="true" className="py-10 text-center text-sm text-slate-500">
        Loading webhook…
      </p>
    );
  }

  return (
    <div className="space-y-6">
      <div className={`${cardStyles} space-y-3`}>
        <Link href="/webhooks" className="text-sm text-indigo-700 hover:underline">
          ← Webhooks
        </Link>
        <WebhookSummary webhook={webhook} title={<h1 className="break-words text-2xl font-semibold">{webhook.name}</h1>} />
        <ErrorAlert messages={errors} />
        <WebhookActions
          webhook={webhook}
          onChanged={() => {
            reload();
            setLogRefreshes((n) => n + 1);
          }}
          onDeleted={() => router.push("/webhooks")}
        />
      </div>
      <DeliveryLog webhookId={webhook.id} refreshKey={logRefreshes} onChanged={reload} />
    </div>
  );
}
