"use client";

import { useEffect, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { buttonStyles } from "@/components/ui/styles";
import { usePagedList } from "@/lib/client/use-paged-list";
import type { WebhookLog } from "@/lib/webhooks/schemas";
import { DeliveryRow } from "./delivery-row";
import { describeAttempt } from "./format";
import { pollWhileVisible, useRefreshWhenShown } from "./visible-polling";

/**
 * A webhook's delivery attempts, newest first, polled while the page is shown. `refreshKey`
 * changes when the caller knows of a new attempt; `onChanged` tells it of one made here.
 */
export function DeliveryLog({ webhookId, refreshKey, onChanged }: { webhookId: string; refreshKey: number; onChanged(): void }) {
  const logs = usePagedList<WebhookLog>(`/api/webhook/${webhookId}/log`, { limit: "20" }, pollWhileVisible);
  const { refresh } = logs;
  useRefreshWhenShown(refresh);
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (refreshKey > 0) refresh();
  }, [refreshKey, refresh]);

  const refreshAll = () => {
    refresh();
    onChanged();
  };

  return (
    <section aria-labelledby="deliveries-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="deliveries-heading" className="text-lg font-semibold">
            Deliveries
          </h2>
          <p className="text-xs text-slate-600">Newest first; updated every few seconds while this page is shown.</p>
        </div>
        <button type="button" className={buttonStyles.secondary} onClick={refreshAll}>
          Refresh
        </button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      <ErrorAlert messages={logs.errors} title="The deliveries could not be loaded" />
      <div aria-busy={logs.loading}>
        {logs.items === null ? (
          logs.errors.length === 0 && <p className="py-6 text-center text-sm text-slate-500">Loading deliveries…</p>
        ) : logs.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-600">
            No deliveries yet. Send a test event, or upload a video.
          </p>
        ) : (
          <ul aria-label="Deliveries" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {logs.items.map((log) => (
              <DeliveryRow
                key={log.id}
                log={log}
                onResent={(attempt) => {
                  setMessage(`${attempt.event} sent again: ${describeAttempt(attempt)}`);
                  refreshAll();
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <Pager label="Delivery pages" page={logs.page} hasNext={logs.hasNext} onPrevious={logs.previous} onNext={logs.next} />
    </section>
  );
}
