import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
import { runTaskDefinition } from "../run-task";

export const transcodeFile = inngest.createFunction(
  {
    id: "transcode-file",
    name: "Make an asset's transcoded segments",
    triggers: [taskEvents["transcode-file"]],
    retries: 4,
    concurrency: { key: "event.data.taskId", limit: 1 },
  },
  runTaskDefinition(taskDefinitions["transcode-file"]),
);
