import { eventType, Inngest } from "inngest";
import { z } from "zod";
import type { InngestConfig } from "@/lib/config/config";
import type { TaskType } from "@/lib/db/schema";

export const INNGEST_APP_ID = "video-asset-service";

/**
 * Events carry only the task's id and its owner (for per-user concurrency): parameters and secrets
 * stay in the database, never in Inngest.
 */
const taskEventData = z.object({ taskId: z.uuid(), userId: z.uuid() });

export const taskEvents = {
  upload: eventType("video-assets/upload.queued", { schema: taskEventData }),
  export: eventType("video-assets/export.queued", { schema: taskEventData }),
  webhook: eventType("video-assets/webhook.queued", { schema: taskEventData }),
  unpin: eventType("video-assets/unpin.queued", { schema: taskEventData }),
  "transcode-file": eventType("video-assets/transcode-file.queued", { schema: taskEventData }),
  storyboard: eventType("video-assets/storyboard.queued", { schema: taskEventData }),
  clip: eventType("video-assets/clip.queued", { schema: taskEventData }),
} satisfies Record<TaskType, unknown>;

/** The client the functions are declared on (inngest/functions); it serves nothing itself. */
export const inngest = new Inngest({ id: INNGEST_APP_ID });

/**
 * The client /api/inngest serves the functions with. With a signing key it is never in dev mode,
 * whatever INNGEST_DEV says, so the SDK checks every call's signature; only without one (which
 * the config allows with INNGEST_DEV alone) are calls taken unchecked, as the dev server sends them.
 */
export function createServingClient(config: InngestConfig): Inngest {
  return new Inngest({ id: INNGEST_APP_ID, signingKey: config.signingKey, baseUrl: config.baseUrl, isDev: !config.signingKey });
}

/** A client for sending events, configured explicitly so the app's config stays the one source. */
export function createEventClient(config: InngestConfig): Inngest {
  return new Inngest({ id: INNGEST_APP_ID, eventKey: config.eventKey, baseUrl: config.baseUrl, isDev: config.isDev });
}
