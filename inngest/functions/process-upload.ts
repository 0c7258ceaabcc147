import { processUploadTask } from "@/lib/assets/process-upload";
import { inngest, taskEvents } from "../client";
import { runTaskDefinition } from "../run-task";

export const processUpload = inngest.createFunction(
  {
    id: "process-upload",
    name: "Check and record an uploaded video",
    triggers: [taskEvents.upload],
    retries: 4,
  },
  runTaskDefinition(processUploadTask),
);
