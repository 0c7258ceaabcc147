import type { ZodOpenApiPathsObject } from "zod-openapi";
import { pageQuerySchema } from "@/lib/api/list-query";
import { createdWebhookSchema, webhookInputSchema, webhookLogSchema, webhookPatchSchema, webhookSchema } from "@/lib/webhooks/schemas";
import { idempotent } from "./idempotency";
import { AUTHENTICATED, BEARER, errorResponses, JSON_BODY, jsonResponse, pageResponse, uuidPath } from "./responses";

const tags = ["Webhooks"];
const webhookId = uuidPath("id", "The webhook's id.");
const logPath = webhookId.extend(uuidPath("logId", "The log entry's id.").shape);

export const webhookPaths: ZodOpenApiPathsObject = {
  "/api/webhook": {
    get: {
      tags,
      operationId: "listWebhooks",
      summary: "List webhooks",
      security: BEARER,
      requestParams: { query: pageQuerySchema },
      responses: { 200: pageResponse("The caller's webhooks, newest first.", webhookSchema), ...errorResponses([...AUTHENTICATED, 400]) },
    },
    post: idempotent({
      tags,
      operationId: "createWebhook",
      summary: "Create a webhook",
      description:
        "Without `sharedSecret` one is generated (`whsec_…`). The secret is in this answer only. Absent or empty `events`: every event.",
      security: BEARER,
      requestBody: { content: { "application/json": { schema: webhookInputSchema } } },
      responses: {
        200: jsonResponse("The webhook, with its `sharedSecret` this once.", createdWebhookSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY], { 422: "An invalid field, or a URL that the outbound guard refuses (private addresses)." }),
      },
    }),
  },
  "/api/webhook/{id}": {
    get: {
      tags,
      operationId: "getWebhook",
      summary: "Get a webhook",
      security: BEARER,
      requestParams: { path: webhookId },
      responses: { 200: jsonResponse("The webhook.", webhookSchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
    put: {
      tags,
      operationId: "replaceWebhook",
      summary: "Replace a webhook",
      description: "Livepeer's update: the whole webhook (absent `events`: every event).",
      security: BEARER,
      requestParams: { path: webhookId },
      requestBody: { content: { "application/json": { schema: webhookInputSchema } } },
      responses: { 200: jsonResponse("The webhook.", webhookSchema), ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404]) },
    },
    patch: {
      tags,
      operationId: "updateWebhook",
      summary: "Change some of a webhook's fields, or disable it",
      security: BEARER,
      requestParams: { path: webhookId },
      requestBody: { content: { "application/json": { schema: webhookPatchSchema, example: { disabled: true } } } },
      responses: { 200: jsonResponse("The webhook.", webhookSchema), ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404]) },
    },
    delete: {
      tags,
      operationId: "deleteWebhook",
      summary: "Delete a webhook",
      security: BEARER,
      requestParams: { path: webhookId },
      responses: { 200: jsonResponse("The deleted webhook (Livepeer's SDK reads it).", webhookSchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
  "/api/webhook/{id}/test": {
    post: {
      tags,
      operationId: "testWebhook",
      summary: "Send a `webhook.test` event now",
      security: BEARER,
      requestParams: { path: webhookId },
      responses: {
        200: jsonResponse("The attempt's log.", webhookLogSchema),
        ...errorResponses([...AUTHENTICATED, 404, 422], { 422: "The webhook is disabled, or its URL is refused by the outbound guard." }),
      },
    },
  },
  "/api/webhook/{id}/log": {
    get: {
      tags,
      operationId: "listWebhookLogs",
      summary: "List a webhook's delivery attempts",
      security: BEARER,
      requestParams: { path: webhookId, query: pageQuerySchema },
      responses: { 200: pageResponse("Attempts, newest first.", webhookLogSchema), ...errorResponses([...AUTHENTICATED, 400, 404]) },
    },
  },
  "/api/webhook/{id}/log/{logId}": {
    get: {
      tags,
      operationId: "getWebhookLog",
      summary: "Get one delivery attempt",
      security: BEARER,
      requestParams: { path: logPath },
      responses: { 200: jsonResponse("The attempt.", webhookLogSchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
  "/api/webhook/{id}/log/{logId}/resend": {
    post: {
      tags,
      operationId: "resendWebhookLog",
      summary: "Send an attempt's event again, freshly signed",
      security: BEARER,
      requestParams: { path: logPath },
      responses: {
        200: jsonResponse("The new attempt's log.", webhookLogSchema),
        ...errorResponses([...AUTHENTICATED, 404, 422], {
          422: "The event is no longer kept (events are kept 7 days), the webhook is disabled, or its URL is refused by the outbound guard.",
        }),
      },
    },
  },
};
