import { createDocument } from "zod-openapi";
import { accessControlPaths } from "./access-control";
import { analyticsPaths } from "./analytics";
import { assetPaths } from "./assets";
import { internalPaths } from "./internal";
import { keyPaths } from "./keys";
import { playbackPaths } from "./playback";
import { servicePaths } from "./service";
import { taskPaths } from "./tasks";
import { trackPaths } from "./tracks";
import { uploadPaths } from "./uploads";
import { usagePaths } from "./usage";
import { webhookEvents } from "./webhook-events";
import { webhookPaths } from "./webhooks";

export type OpenApiDocument = ReturnType<typeof createDocument>;

const TAGS = [
  { name: "Assets", description: "Videos: create one and its upload URLs, read, list, delete, export." },
  { name: "Uploads", description: "Where the file goes: the signed PUT URL, tus resumable uploads, and bucket notifications." },
  { name: "Tasks", description: "Uploads' processing and exports, Livepeer Studio's task object." },
  { name: "Webhooks", description: "Backends learn of changes without polling: endpoints, delivery logs and the events sent." },
  { name: "API keys", description: "Tokens for the API, shown once." },
  { name: "Playback", description: "Playback by playbackId (public, or with a viewer token), and signed downloads." },
  { name: "Access control", description: "Signing keys for signed playback: viewer tokens (ES256 JWTs) that open a `jwt` asset." },
  { name: "Usage", description: "The figures of the dashboard's overview." },
  { name: "Viewer metrics", description: "Players' reports and who watched, in Livepeer's viewership shapes (docs/analytics.md)." },
  { name: "Service", description: "Health and this document." },
  { name: "Internal", description: "Endpoints of the libraries the service embeds: Auth.js for the dashboard's sign-in, Inngest's serve endpoint. Not for integrators." },
];

function build(): OpenApiDocument {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Video asset service API",
      version: "1",
      description:
        "Upload videos, follow their processing and export them to IPFS or your own storage; compatible with Livepeer Studio's asset, task, webhook and playback APIs. All JSON; times are milliseconds since the epoch. Every error answers `{\"errors\": [\"…\"]}`.",
    },
    tags: TAGS,
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API token (`Authorization: Bearer vas_…`), made on the dashboard's API keys page or with `npm run token:create`. The dashboard uses its session cookie instead.",
        },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "`METRICS_TOKEN`, as a bearer token (Prometheus's `authorization` setting).",
        },
        storageWebhookSecret: {
          type: "http",
          scheme: "bearer",
          description: "`STORAGE_WEBHOOK_SECRET`, as a bearer token (or `?secret=` for senders that cannot set headers).",
        },
      },
    },
    paths: { ...assetPaths, ...trackPaths, ...uploadPaths, ...taskPaths, ...webhookPaths, ...keyPaths, ...playbackPaths, ...accessControlPaths, ...usagePaths, ...analyticsPaths, ...servicePaths, ...internalPaths },
    webhooks: webhookEvents,
  });
}

let built: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of the API, generated from the zod schemas the routes use (built once). */
export function openApiDocument(origin?: string): OpenApiDocument {
  built ??= build();
  return origin ? { ...built, servers: [{ url: origin }] } : built;
}
