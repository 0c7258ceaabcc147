"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { usePagedList } from "@/lib/client/use-paged-list";
import type { WebhookEventType } from "@/lib/db/schema";
import type { Webhook } from "@/lib/webhooks/schemas";
import type { CreatedWebhook } from "@/lib/webhooks/schemas";
import { CreateWebhookForm } from "./create-webhook-form";
import { NewSecret } from "./new-secret";
import { pollWhileVisible, useRefreshWhenShown } from "./visible-polling";
import { WebhookRow } from "./webhook-row";

/** The Webhooks page: create one (its secret shown once), and the list with each one's last result. */
export function Webhooks({ eventTypes }: { eventTypes: readonly WebhookEventType[] }) {
  const list = usePagedList<Webhook>("/api/webhook", { limit: "50" }, pollWhileVisible);
  useRefreshWhenShown(list.refresh);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <div className="space-y-6">
      <CreateWebhookForm
        eventTypes={eventTypes}
        onCreated={(webhook) => {
          setCreated(webhook);
          list.refresh();
        }}
      />
      {created && <NewSecret webhook={created} onDone={() => setCreated(null)} />}
      <section aria-labelledby="webhooks-heading" className="space-y-3">
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          Your webhooks
        </h2>
        <ErrorAlert messages={list.errors} title="The webhooks could not be loaded" />
        {list.items === null ? (
          list.errors.length === 0 && <p className="py-6 text-center text-sm text-slate-500">Loading webhooks…</p>
        ) : list.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-600">
            No webhooks yet. Create one to hear of asset and task changes without polling.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {list.items.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} eventTypes={eventTypes} onChanged={list.refresh} />
            ))}
          </ul>
        )}
        <Pager label="Webhook pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </section>
    </div>
  );
}
