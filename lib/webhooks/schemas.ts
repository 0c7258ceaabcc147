import { z } from "zod";
import { assetSchema } from "@/lib/assets/schemas";
import { WEBHOOK_EVENT_TYPES } from "@/lib/db/schema";
import { taskSchema } from "@/lib/tasks/schemas";

const name = z.string({ error: "is required and must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters");

const url = z
  .string({ error: "is required and must be a string" })
  .max(2048, "is too long")
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL");

const events = z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` })).max(WEBHOOK_EVENT_TYPES.length);

const sharedSecret = z.string({ error: "must be a string" }).min(16, "must be at least 16 characters").max(256, "must be at most 256 characters");

const ignored = z.string({ error: "must be a string" }).optional().meta({ description: "Accepted from Livepeer's clients and ignored: there are no projects or streams here." });

/**
 * `POST /api/webhook` (and `PUT`, which replaces it): Livepeer Studio's WebhookInput. Any other
 * field answers 422 naming it, so a misspelt one (`event` for `events`) is not silently dropped.
 */
export const webhookInputSchema = z.strictObject({
  name,
  url,
  /** Absent or empty: every event. */
  events: events.optional(),
  sharedSecret: sharedSecret.optional(),
  projectId: ignored,
  streamId: ignored,
}).meta({ example: { name: "Backend", url: "https://backend.example.com/hooks/video", events: ["asset.ready", "asset.failed"] } });

export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** `PATCH /api/webhook/{id}`: any of the fields, and `disabled`. */
export const webhookPatchSchema = z.strictObject({
  name: name.optional(),
  url: url.optional(),
  events: events.optional(),
  sharedSecret: sharedSecret.optional(),
  disabled: z.boolean({ error: "must be true or false" }).optional(),
});

export type WebhookPatchInput = z.infer<typeof webhookPatchSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.number(),
  userId: z.uuid(),
  status: z.object({
    lastTriggeredAt: z.number().optional(),
    lastFailure: z
      .object({ timestamp: z.number(), error: z.string(), response: z.string().optional(), statusCode: z.number().optional() })
      .optional(),
  }),
  disabled: z.boolean().optional(),
  sharedSecret: z.string().optional().meta({ description: "Only in the answer that created the webhook." }),
}).meta({
  id: "Webhook",
  example: {
    id: "7e6d5c4b-3a2f-4e1d-8c0b-9a8f7e6d5c4b",
    name: "Backend",
    url: "https://backend.example.com/hooks/video",
    events: ["asset.ready", "asset.failed"],
    createdAt: 1763740000000,
    userId: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
    status: { lastTriggeredAt: 1763740005000 },
  },
});

export type Webhook = z.infer<typeof webhookSchema>;

/** The answer that created a webhook: the only one that carries its shared secret. */
export const createdWebhookSchema = webhookSchema.extend({ sharedSecret: z.string() }).meta({ id: "CreatedWebhook" });

export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookLogSchema = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  event: z.string(),
  createdAt: z.number(),
  duration: z.number(),
  success: z.boolean(),
  request: z.object({ url: z.string(), method: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z.object({ status: z.number().optional(), statusText: z.string().optional(), body: z.string().optional() }),
}).meta({ id: "WebhookLog" });

export type WebhookLog = z.infer<typeof webhookLogSchema>;

/** The event `POST /api/webhook/{id}/test` sends, with a subject of its own. */
export const TEST_EVENT = "webhook.test";

const assetEventPayloadSchema = z.object({ asset: z.object({ id: z.uuid(), snapshot: assetSchema }) });

const taskEventPayloadSchema = z.object({
  task: z.object({ id: z.uuid(), type: taskSchema.shape.type, snapshot: taskSchema }),
  success: z.boolean().optional().meta({ description: "true with task.completed, false with task.failed." }),
});

const testEventPayloadSchema = z.object({ webhook: z.object({ id: z.uuid(), name: z.string() }) });

/**
 * The JSON body of one delivery (DESIGN.md section 10), in Livepeer's shape. Snapshots are the
 * public API's shapes without their signed URLs, so no secret leaves.
 */
export const webhookEventSchema = z
  .object({
    id: z.uuid().meta({ description: "The event's id: the same on every attempt (also in `webhook-id`)." }),
    webhookId: z.uuid(),
    createdAt: z.number().meta({ description: "When the change happened (ms since the epoch)." }),
    timestamp: z.number().meta({ description: "When this attempt was sent (ms since the epoch)." }),
    event: z.enum([...WEBHOOK_EVENT_TYPES, TEST_EVENT]),
    payload: z.union([assetEventPayloadSchema, taskEventPayloadSchema, testEventPayloadSchema]),
  })
  .meta({ id: "WebhookEvent" });

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookEventPayload = WebhookEvent["payload"];
