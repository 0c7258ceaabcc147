import type { ZodOpenApiPathsObject } from "zod-openapi";
import { usageSchema } from "@/lib/usage/schemas";
import { AUTHENTICATED, BEARER, errorResponses, jsonResponse } from "./responses";

export const usagePaths: ZodOpenApiPathsObject = {
  "/api/usage": {
    get: {
      tags: ["Usage"],
      operationId: "getUsage",
      summary: "The caller's usage: assets by status, storage, minutes uploaded and delivered, exports, and each of the last 30 days",
      description:
        "What the dashboard's overview shows. Days and months are UTC. Totals cover the assets the list shows (not those being deleted); the days count every asset created, deleted ones included. Deliveries are what clients read of the MP4 and HLS segments from this service (not the poster, playlists or downloads), written by each node every few seconds: the last seconds' may not show yet, and what a CDN serves from its cache is not seen.",
      security: BEARER,
      responses: { 200: jsonResponse("The figures, as of now.", usageSchema), ...errorResponses([...AUTHENTICATED, 400], { 400: "A query parameter: this operation takes none." }) },
    },
  },
};
