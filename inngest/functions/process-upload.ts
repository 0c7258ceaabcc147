import { processUploadTask } from "@/lib/assets/process-upload";
import { inngest, taskEvents } from "../client";
import { runTaskDefinition } from "../run-task";

export const processUpload = inngest.createFunction(
  {
    id: "process-upload",
    name: "Check and record an uploaded video",
    triggers: [taskEvents.upload],
    retries: 4,
    // Each arrival signal queues a run; one run of a task at a time, the later ones find it done.
    concurrency: { key: "event.data.taskId", limit: 1 },
  },
  runTaskDefinition(processUploadTask),
);
