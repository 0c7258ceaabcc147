import type { Metadata } from "next";
import { Webhooks } from "@/components/webhooks/webhooks";
import { WEBHOOK_EVENT_TYPES } from "@/lib/db/schema";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Webhooks</h1>
        <p className="mt-1 text-sm text-slate-600">
          When an asset or task changes, the service POSTs a signed JSON event to each webhook that asked for it, and retries
          for about a day if the endpoint fails.
        </p>
      </div>
      {/* The list comes from here, a server module, so the database schema stays out of the browser's bundle. */}
      <Webhooks eventTypes={WEBHOOK_EVENT_TYPES} />
    </div>
  );
}
