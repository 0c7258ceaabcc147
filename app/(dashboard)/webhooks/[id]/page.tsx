import type { Metadata } from "next";
import { WebhookDeliveries } from "@/components/webhooks/webhook-deliveries";
import { WEBHOOK_EVENT_TYPES } from "@/lib/db/schema";

export const metadata: Metadata = { title: "Webhook deliveries" };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WebhookDeliveries webhookId={id} eventTypes={WEBHOOK_EVENT_TYPES} />;
}
