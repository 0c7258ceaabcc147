import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { retryImportRequestSchema } from "@/lib/assets/schemas";
import { retryExportRequestSchema } from "@/lib/export/schemas";
import { listTasksQuerySchema, taskEnvelopeSchema, taskSchema } from "@/lib/tasks/schemas";
import { AUTHENTICATED, BEARER, errorResponses, JSON_BODY, jsonResponse, pageResponse, uuidPath } from "./responses";

const tags = ["Tasks"];
const taskId = uuidPath("id", "The task's id.");

export const taskPaths: ZodOpenApiPathsObject = {
  "/api/task": {
    get: {
      tags,
      operationId: "listTasks",
      summary: "List tasks",
      security: BEARER,
      requestParams: { query: listTasksQuerySchema },
      responses: { 200: pageResponse("The caller's upload and export tasks that match, newest first.", taskSchema), ...errorResponses([...AUTHENTICATED, 400]) },
    },
  },
  "/api/task/{id}": {
    get: {
      tags,
      operationId: "getTask",
      summary: "Get a task",
      security: BEARER,
      requestParams: { path: taskId },
      responses: { 200: jsonResponse("The task.", taskSchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
  "/api/task/{id}/cancel": {
    post: {
      tags,
      operationId: "cancelTask",
      summary: "Cancel a pending, waiting or running task",
      security: BEARER,
      requestParams: { path: taskId },
      responses: {
        200: jsonResponse("The task, `cancelled`.", taskEnvelopeSchema),
        ...errorResponses([...AUTHENTICATED, 404, 409], { 409: "The task has already ended." }),
      },
    },
  },
  "/api/task/{id}/retry": {
    post: {
      tags,
      operationId: "retryTask",
      summary: "Retry a failed task",
      description:
        "An export's secrets were discarded when it failed: give them again in the body (`ipfs.pinning`, `custom.headers`). An import whose URL held credentials is given its whole URL again (`url`); other upload tasks are retried without a body.",
      security: BEARER,
      requestParams: { path: taskId },
      requestBody: {
        required: false,
        content: {
          "application/json": {
            schema: z.union([retryExportRequestSchema, retryImportRequestSchema]),
            example: { custom: { headers: { Authorization: "Bearer …" } } },
          },
        },
      },
      responses: {
        200: jsonResponse("The task, queued again.", taskEnvelopeSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404, 409, 503], { 409: "The task is not `failed`." }),
      },
    },
  },
};
