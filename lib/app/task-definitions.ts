import { processUploadTask } from "@/lib/assets/process-upload";
import { clipTask } from "@/lib/clips/clip-task";
import { exportTask } from "@/lib/export/export-task";
import { unpinTask } from "@/lib/export/unpin-task";
import { storyboardTask } from "@/lib/playback/storyboard-task";
import { transcodeFileTask } from "@/lib/transcode/transcode-task";
import type { TaskDefinitions } from "@/lib/tasks/types";
import { deliverWebhookTask } from "@/lib/webhooks/deliver-webhook-task";

/** The task of each type, from the domain that owns it; the app hands them to lib/tasks. */
export const taskDefinitions: TaskDefinitions = {
  upload: processUploadTask,
  export: exportTask,
  webhook: deliverWebhookTask,
  unpin: unpinTask,
  "transcode-file": transcodeFileTask,
  storyboard: storyboardTask,
  clip: clipTask,
};
