"use client";

import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SaveOrCancel } from "@/components/ui/save-or-cancel";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import type { WebhookEventType } from "@/lib/db/schema";
import type { Webhook } from "@/lib/webhooks/schemas";
import { WebhookFields } from "./webhook-fields";

/** Changes a webhook's name, URL and events in place; its secret and deliveries stay. */
export function EditWebhookForm({
  webhook,
  eventTypes,
  onSaved,
  onCancel,
}: {
  webhook: Webhook;
  eventTypes: readonly WebhookEventType[];
  onSaved(): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState({ name: webhook.name, url: webhook.url, events: webhook.events });
  const { busy, errors, run } = usePendingRequest();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await dataOf(api.PATCH("/api/webhook/{id}", { params: { path: { id: webhook.id } }, body: values }));
      onSaved();
    });
  }

  return (
    <form onSubmit={submit} aria-label={`Edit ${webhook.name}`} className="space-y-4">
      <WebhookFields eventTypes={eventTypes} values={values} onChange={setValues} />
      <ErrorAlert messages={errors} title="The webhook was not changed" />
      <div className="flex flex-wrap gap-2">
        <SaveOrCancel busy={busy} label="Save changes" onCancel={onCancel} />
      </div>
    </form>
  );
}
