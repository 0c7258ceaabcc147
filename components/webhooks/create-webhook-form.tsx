"use client";

import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { useHydrated } from "@/lib/client/use-hydrated";
import type { WebhookEventType } from "@/lib/db/schema";
import type { CreatedWebhook } from "@/lib/webhooks/schemas";
import { WebhookFields, type WebhookFieldValues } from "./webhook-fields";

const EMPTY: WebhookFieldValues = { name: "", url: "", events: [] };

export function CreateWebhookForm({
  eventTypes,
  onCreated,
}: {
  eventTypes: readonly WebhookEventType[];
  onCreated(webhook: CreatedWebhook): void;
}) {
  const [values, setValues] = useState(EMPTY);
  const { busy, errors, run } = usePendingRequest();
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const data = await dataOf(api.POST("/api/webhook", { body: values }));
      setValues(EMPTY);
      onCreated(data);
    });
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-4`}>
      <h2 className="text-lg font-semibold">Create a webhook</h2>
      <WebhookFields eventTypes={eventTypes} values={values} onChange={setValues} />
      <ErrorAlert messages={errors} title="The webhook was not created" />
      <button type="submit" className={buttonStyles.primary} disabled={busy || !hydrated}>
        {busy ? "Creating…" : "Create webhook"}
      </button>
    </form>
  );
}
