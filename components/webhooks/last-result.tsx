import type { Webhook } from "@/lib/webhooks/schemas";
import { formatDeliveryTime } from "./format";

/** When the webhook was last called, and its latest failure (kept after later successes, as Livepeer does). */
export function LastResult({ status }: { status: Webhook["status"] }) {
  const { lastTriggeredAt, lastFailure } = status;
  if (lastTriggeredAt === undefined && !lastFailure) {
    return <p className="text-sm text-slate-600">No deliveries yet</p>;
  }
  const lastFailed = lastFailure !== undefined && lastFailure.timestamp >= (lastTriggeredAt ?? 0);
  return (
    <div className="space-y-1 text-sm">
      {lastTriggeredAt !== undefined && (
        <p className="text-slate-700">
          Last delivery attempt {formatDeliveryTime(lastTriggeredAt)}: {lastFailed ? "failed" : "delivered"}
        </p>
      )}
      {lastFailure && (
        <p className="break-words text-red-700">
          Last failure {formatDeliveryTime(lastFailure.timestamp)}: {lastFailure.error}
          {lastFailure.statusCode !== undefined && ` (HTTP ${lastFailure.statusCode})`}
        </p>
      )}
    </div>
  );
}
