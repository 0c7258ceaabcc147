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
        ...errorResponses(ALWAYS),
        200: jsonResponse("Every dependency answers.", healthSchema),
        503: jsonResponse("A dependency does not answer (`ok: false`): each one's `ok` says which.", healthSchema),
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
  "/api/metrics": {
    get: {
      tags,
      operationId: "getMetrics",
      summary: "Prometheus metrics of this node",
      description: [
        "The Prometheus text format (prom-client): `vas_http_requests_total` and `vas_http_request_duration_seconds` by route template, method and status;",
        "`vas_upload_bytes_total`; `vas_tasks_finished_total` and `vas_task_duration_seconds` by task type and outcome; `vas_task_step_retries_total`;",
        "`vas_tasks_unfinished` by type and phase (the queue, every node's); and Node.js's own (`process_*`, `nodejs_*`, among them `nodejs_eventloop_lag_seconds`).",
        "With `METRICS_TOKEN` set, send it as a bearer token; unset, the endpoint is open.",
      ].join(" "),
      security: [{ metricsToken: [] }, {}],
      responses: {
        200: { description: "The metrics.", content: { "text/plain": { schema: z.string() } } },
        ...errorResponses([401, ...ALWAYS], { 401: "METRICS_TOKEN is set and the request did not send it." }),
      },
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
