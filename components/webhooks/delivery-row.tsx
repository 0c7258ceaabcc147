"use client";

import { useId, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import type { WebhookLog } from "@/lib/webhooks/schemas";
import { DeliveryExchange } from "./delivery-exchange";
import { formatDeliveryTime, formatSeconds } from "./format";
import { Pill } from "./pill";

/** One delivery attempt: its outcome at a glance, the exchange on demand, and Resend. */
export function DeliveryRow({ log, onResent }: { log: WebhookLog; onResent(attempt: WebhookLog): void }) {
  const [open, setOpen] = useState(false);
  const { busy, errors, run } = usePendingRequest();
  const panelId = useId();
  const { status } = log.response;

  const resend = () =>
    run(async () => {
      onResent(await dataOf(api.POST("/api/webhook/{id}/log/{logId}/resend", { params: { path: { id: log.webhookId, logId: log.id } } })));
    });

  return (
    <li className="space-y-3 p-4" data-delivery-id={log.id} data-event={log.event} data-success={log.success}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <code className="font-medium">{log.event}</code>
          {log.success ? <Pill tone="green">Delivered</Pill> : <Pill tone="red">Failed</Pill>}
          <span className="text-slate-700">{status !== undefined ? `HTTP ${status}` : "No answer"}</span>
          <span className="text-slate-600">{formatSeconds(log.duration)}</span>
          <time dateTime={new Date(log.createdAt).toISOString()} className="text-slate-600">
            {formatDeliveryTime(log.createdAt)}
          </time>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonStyles.ghost}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen(!open)}
          >
            Details<span className="sr-only"> of the {log.event} delivery</span>
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={resend} disabled={busy} aria-label={`Resend ${log.event} delivery`}>
            {busy ? "Resending…" : "Resend"}
          </button>
        </div>
      </div>
      <ErrorAlert messages={errors} title={`The ${log.event} event was not sent again`} />
      {open && <DeliveryExchange id={panelId} log={log} />}
    </li>
  );
}
