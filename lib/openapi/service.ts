import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { healthSchema, livenessSchema } from "@/lib/app/schemas";
import { ALWAYS, errorResponses, jsonResponse, PUBLIC } from "./responses";

const tags = ["Service"];

export const servicePaths: ZodOpenApiPathsObject = {
  "/api/health": {
    get: {
      tags,
      operationId: "getHealth",
      summary: "Readiness: the state of the database, storage and task runner",
      security: PUBLIC,
      responses: {
        200: jsonResponse("Every dependency answers.", healthSchema),
        503: jsonResponse("A dependency does not answer (`ok: false`).", healthSchema),
        ...errorResponses(ALWAYS),
      },
    },
  },
  "/api/health/live": {
    get: {
      tags,
      operationId: "getLiveness",
      summary: "Liveness: the process serves requests",
      security: PUBLIC,
      responses: { 200: jsonResponse("Alive.", livenessSchema) },
    },
  },
  "/api/openapi.json": {
    get: {
      tags,
      operationId: "getOpenApiDocument",
      summary: "This document (OpenAPI 3.1)",
      security: PUBLIC,
      responses: {
        200: jsonResponse("The OpenAPI document.", z.object({ openapi: z.string() }).loose()),
        ...errorResponses(ALWAYS),
      },
    },
  },
};
