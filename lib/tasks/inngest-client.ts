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
} satisfies Record<TaskType, unknown>;

/**
 * Serves the functions at /api/inngest. The SDK reads its settings from the environment:
 * INNGEST_SIGNING_KEY (Inngest Cloud or a self-hosted server), or INNGEST_DEV=1 (dev server).
 */
export const inngest = new Inngest({ id: INNGEST_APP_ID });

/** A client for sending events, configured explicitly so the app's config stays the one source. */
export function createEventClient(config: InngestConfig): Inngest {
  return new Inngest({ id: INNGEST_APP_ID, eventKey: config.eventKey, baseUrl: config.baseUrl, isDev: config.isDev });
}
