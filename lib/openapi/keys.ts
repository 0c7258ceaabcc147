import type { ZodOpenApiPathsObject } from "zod-openapi";
import { pageQuerySchema } from "@/lib/api/list-query";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema, updateApiKeySchema } from "@/lib/auth/schemas";
import { idempotent } from "./idempotency";
import { AUTHENTICATED, BEARER, errorResponses, JSON_BODY, jsonResponse, noContent, pageResponse, uuidPath } from "./responses";

const tags = ["API keys"];

export const keyPaths: ZodOpenApiPathsObject = {
  "/api/keys": {
    get: {
      tags,
      operationId: "listApiKeys",
      summary: "List API keys",
      security: BEARER,
      requestParams: { query: pageQuerySchema },
      responses: { 200: pageResponse("The caller's keys (never their tokens), newest first.", apiKeySchema), ...errorResponses([...AUTHENTICATED, 400]) },
    },
    post: idempotent({
      tags,
      operationId: "createApiKey",
      summary: "Create an API key",
      security: BEARER,
      requestBody: { content: { "application/json": { schema: createApiKeySchema } } },
      responses: {
        201: jsonResponse("The key, and its token this once (only its hash is kept).", createdApiKeySchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY]),
      },
    }),
  },
  "/api/keys/{id}": {
    patch: {
      tags,
      operationId: "updateApiKey",
      summary: "Rename an API key or change its response shape",
      description:
        "`responseShape` switches how answers to this key show an asset's `status`: `plain` (a string), `studio` (Livepeer Studio's object, for its SDK), or `auto` (Studio's for requests from the Livepeer SDK). It holds from the next request on, on every node.",
      security: BEARER,
      requestParams: { path: uuidPath("id", "The key's id.") },
      requestBody: { content: { "application/json": { schema: updateApiKeySchema } } },
      responses: { 200: jsonResponse("The key as it now is.", apiKeySchema), ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404]) },
    },
    delete: {
      tags,
      operationId: "revokeApiKey",
      summary: "Revoke an API key",
      description: "Revoking a revoked key again is harmless.",
      security: BEARER,
      requestParams: { path: uuidPath("id", "The key's id.") },
      responses: { 204: noContent("Revoked."), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
};
