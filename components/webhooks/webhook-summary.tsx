import type { ReactNode } from "react";
import type { Webhook } from "@/lib/webhooks/schemas";
import { describeEvents } from "./format";
import { LastResult } from "./last-result";
import { Pill } from "./pill";

/** What a webhook is, whether it is on, and how its last delivery went: the list's rows and the deliveries page's header. */
export function WebhookSummary({ webhook, title }: { webhook: Webhook; title: ReactNode }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {title}
          <p className="break-all text-sm text-slate-700">
            <code>{webhook.url}</code>
          </p>
          <p className="text-xs text-slate-600">{describeEvents(webhook.events)}</p>
        </div>
        {webhook.disabled ? <Pill tone="slate">Disabled</Pill> : <Pill tone="green">Enabled</Pill>}
      </div>
      <LastResult status={webhook.status} />
    </div>
  );
}
