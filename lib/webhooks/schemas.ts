import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/lib/db/schema";

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

/** `POST /api/webhook` (and `PUT`, which replaces it): Livepeer Studio's WebhookInput; unknown fields are ignored, as Livepeer's clients send some (projectId, streamId). */
export const webhookInputSchema = z.object({
  name,
  url,
  /** Absent or empty: every event. */
  events: events.optional(),
  sharedSecret: sharedSecret.optional(),
});

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
  /** Only in the answer that created the webhook. */
  sharedSecret: z.string().optional(),
});

export type Webhook = z.infer<typeof webhookSchema>;

export const webhookLogSchema = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  event: z.string(),
  createdAt: z.number(),
  duration: z.number(),
  success: z.boolean(),
  request: z.object({ url: z.string(), method: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z.object({ status: z.number().optional(), statusText: z.string().optional(), body: z.string().optional() }),
});

export type WebhookLog = z.infer<typeof webhookLogSchema>;
