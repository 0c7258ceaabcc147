import { useId } from "react";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import type { WebhookEventType } from "@/lib/db/schema";

export interface WebhookFieldValues {
  name: string;
  url: string;
  /** Empty: every event. */
  events: WebhookEventType[];
}

/** Name, URL and events: the fields of the forms that create and edit a webhook. */
export function WebhookFields({
  eventTypes,
  values,
  onChange,
}: {
  eventTypes: readonly WebhookEventType[];
  values: WebhookFieldValues;
  onChange(values: WebhookFieldValues): void;
}) {
  const id = useId();
  const { name, url, events } = values;

  function toggle(event: WebhookEventType, checked: boolean) {
    onChange({ ...values, events: checked ? [...events, event] : events.filter((e) => e !== event) });
  }

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={labelStyles}>
            Name
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => onChange({ ...values, name: e.target.value })}
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
            onChange={(e) => onChange({ ...values, url: e.target.value })}
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
    </>
  );
}
