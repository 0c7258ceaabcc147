import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { errorResponses } from "./responses";

const idempotencyKey = z.object({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional().meta({
    description:
      "Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise).",
    example: "upload-7f3a2c",
  }),
});

const replayed = z.object({
  "Idempotent-Replayed": z
    .literal("true")
    .optional()
    .meta({ description: "Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`." }),
});

/** An operation that accepts `Idempotency-Key`: the header, the replay header on success, and its 409 and 422. */
export function idempotent(operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const responses = { ...operation.responses };
  for (const [status, response] of Object.entries(responses)) {
    if (/^2/.test(status)) responses[status as `2${string}`] = { ...(response as ZodOpenApiResponseObject), headers: replayed };
  }
  const conflicts = errorResponses([409, 422], {
    409: `${describe(responses["409"])}A request with the same \`Idempotency-Key\` is still in progress.`,
    422: `${describe(responses["422"])}The \`Idempotency-Key\` was used with another request (endpoint or body).`,
  });
  return {
    ...operation,
    requestParams: { ...operation.requestParams, header: idempotencyKey },
    responses: { ...responses, ...conflicts },
  };
}

function describe(response: unknown): string {
  const description = (response as ZodOpenApiResponseObject | undefined)?.description;
  return description ? `${description} Or: ` : "";
}
