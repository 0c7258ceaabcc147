import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { WEBHOOK_EVENT_TYPES } from "@/lib/db/schema";
import { TEST_EVENT, webhookEventSchema } from "@/lib/webhooks/schemas";

const signatureHeaders = z.object({
  "Livepeer-Signature": z.string().meta({
    description: "Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`.",
    example: "t=1763740005000,v1=5f2b…",
  }),
  "webhook-id": z.string().meta({ description: "Standard Webhooks: the event's id, the same on every attempt." }),
  "webhook-timestamp": z.string().meta({ description: "Standard Webhooks: the send time in seconds." }),
  "webhook-signature": z.string().meta({
    description:
      'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret\'s UTF-8 bytes.',
  }),
});

const WHEN: Record<(typeof WEBHOOK_EVENT_TYPES)[number] | typeof TEST_EVENT, string> = {
  "asset.created": "An asset was created (request-upload).",
  "asset.updated": "An asset's name or status changed.",
  "asset.ready": "An asset's file was processed: it is ready to play and export.",
  "asset.failed": "An asset's upload or processing failed.",
  "asset.deleted": "An asset was deleted.",
  "task.spawned": "A task was created.",
  "task.updated": "A task's phase changed (progress at most every 5 s per task).",
  "task.completed": "A task completed (`success: true`).",
  "task.failed": "A task failed (`success: false`).",
  [TEST_EVENT]: "`POST /api/webhook/{id}/test` was called; the payload names the webhook.",
};

function delivery(event: keyof typeof WHEN): ZodOpenApiOperationObject {
  return {
    tags: ["Webhooks"],
    operationId: `event:${event}`,
    summary: event,
    description: `${WHEN[event]} Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.`,
    requestParams: { header: signatureHeaders },
    requestBody: { content: { "application/json": { schema: webhookEventSchema } } },
    responses: { "2XX": { description: "Received; any 2xx answer counts as delivered." } },
  };
}

/** The requests the service sends to each webhook's URL (OpenAPI 3.1 `webhooks`), one per event type. */
export const webhookEvents: ZodOpenApiPathsObject = Object.fromEntries(
  ([...WEBHOOK_EVENT_TYPES, TEST_EVENT] as const).map((event) => [event, { post: delivery(event) }]),
);
