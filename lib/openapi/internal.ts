import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { ALWAYS, errorResponses, PUBLIC } from "./responses";

const tags = ["Internal"];

const answered: ZodOpenApiResponseObject = {
  description: "Auth.js's answer: JSON (`csrf`, `session`, `providers`), a page, or a redirect.",
  content: { "application/json": { schema: {} }, "text/html": { schema: { type: "string" } } },
};

const redirect: ZodOpenApiResponseObject = {
  description: "A redirect, with the session cookie set or cleared.",
  headers: z.object({ Location: z.string() }),
};

function authJs(method: "GET" | "POST", path: z.ZodObject): ZodOpenApiOperationObject {
  return {
    tags,
    operationId: `authJs${method}${Object.keys(path.shape).length}`,
    summary: `Auth.js: the dashboard's sign-in (${method})`,
    description:
      "Auth.js's own endpoints (`csrf`, `session`, `providers`, `signin`, `callback/credentials`, `signout`, …) for the dashboard's session cookie; integrators use API tokens instead. Failed password sign-ins are throttled (429).",
    security: PUBLIC,
    requestParams: { path },
    responses: {
      200: answered,
      302: redirect,
      ...errorResponses([...ALWAYS, 400, 403, 404, 413, 429], { 400: "Auth.js refused the request.", 403: "Auth.js refused the request (CSRF)." }),
    },
  };
}

const action = z.object({ action: z.string().meta({ example: "session" }) });
const actionAndProvider = action.extend({ provider: z.string().meta({ example: "credentials" }) });

function inngest(method: "GET" | "POST" | "PUT"): ZodOpenApiOperationObject {
  return {
    tags,
    operationId: `inngest${method}`,
    summary: `Inngest's serve endpoint (${method})`,
    description:
      "Inngest calls it to run the task functions, authenticated by its request signature under INNGEST_SIGNING_KEY: a call without a valid one gets 401 (unless INNGEST_DEV runs without a key). 404 while tasks run inline.",
    security: PUBLIC,
    responses: {
      200: { description: "Inngest's protocol.", content: { "application/json": { schema: {} } } },
      ...(method === "POST" && { 206: { description: "Inngest's protocol: a step ran, the run goes on.", content: { "application/json": { schema: {} } } } }),
      ...errorResponses([...ALWAYS, 401, 404, 413], {
        401: "The call does not carry a valid Inngest signature.",
        404: "Inngest is not configured on this server (tasks run inline).",
      }),
    },
  };
}

/** Endpoints of the libraries the service embeds, documented so every route is, but not for integrators. */
export const internalPaths: ZodOpenApiPathsObject = {
  "/api/auth/{action}": { get: authJs("GET", action), post: authJs("POST", action) },
  "/api/auth/{action}/{provider}": { get: authJs("GET", actionAndProvider), post: authJs("POST", actionAndProvider) },
  "/api/inngest": { get: inngest("GET"), post: inngest("POST"), put: inngest("PUT") },
};
