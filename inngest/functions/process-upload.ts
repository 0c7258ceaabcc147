import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
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
  runTaskDefinition(taskDefinitions.upload),
);
