"use client";

import Link from "next/link";
import { useState } from "react";
import { buttonStyles } from "@/components/ui/styles";
import type { WebhookEventType } from "@/lib/db/schema";
import type { Webhook } from "@/lib/webhooks/schemas";
import { EditWebhookForm } from "./edit-webhook-form";
import { WebhookActions } from "./webhook-actions";
import { WebhookSummary } from "./webhook-summary";

/** One webhook of the list: what it is and its actions, or the form that edits it. */
export function WebhookRow({
  webhook,
  eventTypes,
  onChanged,
}: {
  webhook: Webhook;
  eventTypes: readonly WebhookEventType[];
  onChanged(): void;
}) {
  const [editing, setEditing] = useState(false);
  const title = <h3 className="font-medium">{webhook.name}</h3>;

  if (editing) {
    return (
      <li className="space-y-3 p-4" data-webhook-id={webhook.id}>
        {title}
        <EditWebhookForm
          webhook={webhook}
          eventTypes={eventTypes}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="space-y-3 p-4" data-webhook-id={webhook.id}>
      <WebhookSummary webhook={webhook} title={title} />
      <WebhookActions webhook={webhook} onChanged={onChanged} onDeleted={onChanged} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" className={buttonStyles.secondary} onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> {webhook.name}</span>
        </button>
        <Link href={`/webhooks/${webhook.id}`} className="inline-block text-sm font-medium text-indigo-700 underline">
          Deliveries<span className="sr-only"> of {webhook.name}</span>
        </Link>
      </div>
    </li>
  );
}
