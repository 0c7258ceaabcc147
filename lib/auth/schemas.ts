import { z } from "zod";
import { RESPONSE_SHAPES } from "@/lib/db/schema";

const keyName = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters");

const responseShape = z.enum(RESPONSE_SHAPES, { error: `must be one of ${RESPONSE_SHAPES.join(", ")}` }).meta({
  description:
    "How answers to this key show an asset's `status`: `plain`, a string; `studio`, Livepeer Studio's status object (which its SDK requires); `auto` (the default), Studio's when the request comes from the Livepeer SDK (`User-Agent: speakeasy-sdk/… livepeer`), else plain.",
});

export const createApiKeySchema = z
  .strictObject({ name: keyName, responseShape: responseShape.default("auto") })
  .meta({ example: { name: "CI deploys", responseShape: "auto" } });

/** `PATCH /api/keys/{id}`: the given fields change. */
export const updateApiKeySchema = z
  .strictObject({ name: keyName.optional(), responseShape: responseShape.optional() })
  .meta({ example: { responseShape: "studio" } });

export type UpdateApiKey = z.infer<typeof updateApiKeySchema>;

/** An API token as its owner sees it: never the secret, nor its hash. */
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ description: "The first characters of the token, to recognise it." }),
    createdAt: z.number(),
    responseShape,
    lastUsedAt: z.number().optional(),
    revokedAt: z.number().optional(),
  })
  .meta({
    id: "ApiKey",
    example: { id: "9b2f7a51-3c4d-4e8f-9a0b-1c2d3e4f5a6b", name: "CI deploys", prefix: "vas_Xk3j9", createdAt: 1763740000000, responseShape: "auto" },
  });

export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/keys`: the token is in this answer only. */
export const createdApiKeySchema = z
  .object({ key: apiKeySchema, token: z.string().meta({ description: "The API token; shown this once, only its hash is kept." }) })
  .meta({ id: "CreatedApiKey" });

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
