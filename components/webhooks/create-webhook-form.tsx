"use client";

import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, cardStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { useHydrated } from "@/lib/client/use-hydrated";
import type { WebhookEventType } from "@/lib/db/schema";
import type { CreatedWebhook } from "@/lib/webhooks/schemas";

export function CreateWebhookForm({
  eventTypes,
  onCreated,
}: {
  eventTypes: readonly WebhookEventType[];
  onCreated(webhook: CreatedWebhook): void;
}) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const { busy, errors, run } = usePendingRequest();
  const hydrated = useHydrated();
  const id = useId();

  function toggle(event: WebhookEventType, checked: boolean) {
    setEvents((current) => (checked ? [...current, event] : current.filter((e) => e !== event)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const data = await dataOf(api.POST("/api/webhook", { body: { name, url, events } }));
      setName("");
      setUrl("");
      setEvents([]);
      onCreated(data);
    });
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-4`}>
      <h2 className="text-lg font-semibold">Create a webhook</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={labelStyles}>
            Name
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
            placeholder="e.g. production backend"
            className={`${inputStyles} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className={labelStyles}>
            URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            maxLength={2048}
            placeholder="https://example.com/webhooks/video"
            className={`${inputStyles} mt-1`}
          />
        </div>
      </div>
      <fieldset aria-describedby={`${id}-events-hint`}>
        <legend className={labelStyles}>Events</legend>
        <p id={`${id}-events-hint`} className="text-xs text-slate-600">
          Leave every box unchecked to receive all events.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                className="size-4 rounded border-slate-300 accent-indigo-600"
              />
              <code>{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorAlert messages={errors} title="The webhook was not created" />
      <button type="submit" className={buttonStyles.primary} disabled={busy || !hydrated}>
        {busy ? "Creating…" : "Create webhook"}
      </button>
    </form>
  );
}
