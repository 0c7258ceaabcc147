import type { ZodOpenApiPathsObject } from "zod-openapi";
import { createdSigningKeySchema, createSigningKeySchema, signingKeyPatchSchema, signingKeySchema } from "@/lib/access-control/schemas";
import { pageQuerySchema } from "@/lib/api/list-query";
import { idempotent } from "./idempotency";
import { AUTHENTICATED, BEARER, errorResponses, JSON_BODY, jsonResponse, noContent, pageResponse, uuidPath } from "./responses";

const tags = ["Access control"];
const keyId = uuidPath("id", "The signing key's id.");

export const accessControlPaths: ZodOpenApiPathsObject = {
  "/api/access-control/signing-key": {
    get: {
      tags,
      operationId: "listSigningKeys",
      summary: "List signing keys",
      security: BEARER,
      requestParams: { query: pageQuerySchema },
      responses: { 200: pageResponse("The caller's keys (never their private keys), newest first.", signingKeySchema), ...errorResponses([...AUTHENTICATED, 400]) },
    },
    post: idempotent({
      tags,
      operationId: "createSigningKey",
      summary: "Create a signing key",
      description:
        "Makes an ES256 (P-256) key pair. Sign viewer tokens with its `privateKey` and `publicKey` (`signAccessJwt` of `@livepeer/core/crypto`). The body is optional (Livepeer's SDK sends none); without `name` the key is named \"Signing key\". Only the public key is kept.",
      security: BEARER,
      requestBody: { required: false, content: { "application/json": { schema: createSigningKeySchema } } },
      responses: {
        200: jsonResponse("The key, with its `privateKey` this once.", createdSigningKeySchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY]),
      },
    }),
  },
  "/api/access-control/signing-key/{id}": {
    get: {
      tags,
      operationId: "getSigningKey",
      summary: "Get a signing key",
      security: BEARER,
      requestParams: { path: keyId },
      responses: { 200: jsonResponse("The key.", signingKeySchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
    patch: {
      tags,
      operationId: "updateSigningKey",
      summary: "Rename a signing key, or disable (enable) it",
      description: "Disabling a key refuses its viewer tokens, and the media links they opened, from the next request on.",
      security: BEARER,
      requestParams: { path: keyId },
      requestBody: { content: { "application/json": { schema: signingKeyPatchSchema } } },
      responses: { 204: noContent("Changed (Livepeer's SDK expects no body)."), ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404]) },
    },
    delete: {
      tags,
      operationId: "deleteSigningKey",
      summary: "Delete a signing key",
      description: "Its viewer tokens, and the media links they opened, are refused from then on.",
      security: BEARER,
      requestParams: { path: keyId },
      responses: { 204: noContent("Deleted."), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
};
