import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  creatorViewershipMetricSchema,
  creatorViewsQuerySchema,
  publicViewershipSchema,
  realtimeQuerySchema,
  realtimeViewershipSchema,
  viewerSummaryQuerySchema,
  viewerSummarySchema,
  viewershipMetricSchema,
  viewsQuerySchema,
} from "@/lib/analytics/schemas";
import { sessionDataDocument } from "@/lib/analytics/session-report";
import { ALWAYS, AUTHENTICATED, BEARER, errorResponses, jsonResponse, noContent, PUBLIC } from "./responses";

const tags = ["Viewer metrics"];
const queryErrors = errorResponses([...AUTHENTICATED, 400, 404], {
  400: "A query parameter (named in the message): an unknown one, a bad time or breakdown, `from` not before `to`, or `creatorId`.",
  404: "The asset or playbackId is not one of the caller's (or `streamId`: no live streams here).",
});

export const analyticsPaths: ZodOpenApiPathsObject = {
  "/api/analytics/log": {
    post: {
      tags,
      operationId: "logPlaybackMetrics",
      summary: "Report a playback session's metrics (Livepeer's player)",
      description:
        "Where `@livepeer/react`'s player and this service's own player report, every 5 s and when the page hides. No credential, any origin (CORS open; sent as `text/plain`, it needs no preflight). An unknown playbackId is answered 204 like a known one and recorded nowhere. Limits: `ANALYTICS_RATE_LIMIT_PER_ADDRESS` and `ANALYTICS_RATE_LIMIT_PER_PLAYBACK_ID` reports a minute (docs/analytics.md).",
      security: PUBLIC,
      requestBody: {
        required: true,
        content: { "text/plain": { schema: sessionDataDocument }, "application/json": { schema: sessionDataDocument } },
      },
      responses: {
        204: noContent("Taken (or an unknown playbackId, ignored)."),
        ...errorResponses([...ALWAYS, 400, 413, 429], {
          400: "Not a SessionData: not JSON, or a field of the wrong type (named in the message).",
          413: "Larger than 64 KiB.",
          429: "Too many reports from this address, or for this playbackId: retry after `Retry-After` seconds.",
        }),
      },
    },
  },
  "/api/data/views/query": {
    get: {
      tags,
      operationId: "getViewershipMetrics",
      summary: "Query viewership metrics (Livepeer's getViewership)",
      description:
        "The caller's views, of one asset (`assetId` or `playbackId`) or of every asset, per time step and per value of the breakdown fields. Answered from hourly roll-ups when at most one of browser, os, device and country is asked for; with two or more, from the views themselves, kept `VIEW_RETENTION_DAYS`. A field without a value is left out.",
      security: BEARER,
      requestParams: { query: viewsQuerySchema },
      responses: {
        200: jsonResponse("One row per time step and breakdown value that has views.", z.array(viewershipMetricSchema)),
        ...queryErrors,
      },
    },
  },
  "/api/data/views/query/creator": {
    get: {
      tags,
      operationId: "getCreatorViewershipMetrics",
      summary: "Query an asset's views and playtime (Livepeer's getCreatorViewership)",
      security: BEARER,
      requestParams: { query: creatorViewsQuerySchema },
      responses: {
        200: jsonResponse(
          "One row per time step and breakdown value that has views.",
          z.array(creatorViewershipMetricSchema),
        ),
        ...queryErrors,
      },
    },
  },
  "/api/data/views/query/total/{playbackId}": {
    get: {
      tags,
      operationId: "getPublicViewershipMetrics",
      summary: "A playbackId's total views (Livepeer's getPublicViewership)",
      description: "Open to anyone, as the playbackId is, from any origin; cached for 5 s.",
      security: PUBLIC,
      requestParams: { path: z.object({ playbackId: z.string().meta({ example: "k3j9x0a8b7c6d5e4" }) }) },
      responses: {
        200: jsonResponse("Every view kept.", publicViewershipSchema),
        ...errorResponses([...ALWAYS, 404], { 404: "No asset has this playbackId." }),
      },
    },
  },
  "/api/data/views/now": {
    get: {
      tags,
      operationId: "getRealtimeViewershipNow",
      summary: "Who is watching now (Livepeer's getRealtimeViewership)",
      security: BEARER,
      requestParams: { query: realtimeQuerySchema },
      responses: {
        200: jsonResponse(
          "One row per breakdown value; without a breakdown, one row, counting 0 when nobody watches.",
          z.array(realtimeViewershipSchema),
        ),
        ...queryErrors,
      },
    },
  },
  "/api/data/views/summary": {
    get: {
      tags,
      operationId: "getViewerSummary",
      summary: "An asset's last 30 days of views (the dashboard's Viewers panel)",
      security: BEARER,
      requestParams: { query: viewerSummaryQuerySchema },
      responses: {
        200: jsonResponse("The asset's figures.", viewerSummarySchema),
        ...errorResponses([...AUTHENTICATED, 400, 404], { 404: "The asset is not one of the caller's." }),
      },
    },
  },
};
