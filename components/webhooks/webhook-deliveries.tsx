"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import type { WebhookEventType } from "@/lib/db/schema";
import { DeliveryLog } from "./delivery-log";
import { EditWebhookForm } from "./edit-webhook-form";
import { useWebhook } from "./use-webhook";
import { WebhookActions } from "./webhook-actions";
import { WebhookSummary } from "./webhook-summary";

/** A webhook's page: what it is, its actions (Edit among them, as in the list), and its delivery attempts. */
export function WebhookDeliveries({ webhookId, eventTypes }: { webhookId: string; eventTypes: readonly WebhookEventType[] }) {
  const router = useRouter();
  const { webhook, missing, errors, reload } = useWebhook(webhookId);
  const [logRefreshes, setLogRefreshes] = useState(0);
  const [editing, setEditing] = useState(false);

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
        {editing ? (
          <>
            <h1 className="break-words text-2xl font-semibold">{webhook.name}</h1>
            <EditWebhookForm
              webhook={webhook}
              eventTypes={eventTypes}
              onSaved={() => {
                setEditing(false);
                reload();
              }}
              onCancel={() => setEditing(false)}
            />
          </>
        ) : (
          <>
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
            <button type="button" className={buttonStyles.secondary} onClick={() => setEditing(true)}>
              Edit<span className="sr-only"> {webhook.name}</span>
            </button>
          </>
        )}
      </div>
      <DeliveryLog webhookId={webhook.id} refreshKey={logRefreshes} onChanged={reload} />
    </div>
  );
}
