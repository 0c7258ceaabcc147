import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
import { runTaskDefinition } from "../run-task";

export const clipAsset = inngest.createFunction(
  {
    id: "clip-asset",
    name: "Cut a clip of an asset",
    triggers: [taskEvents.clip],
    retries: 4,
    concurrency: { key: "event.data.taskId", limit: 1 },
  },
  runTaskDefinition(taskDefinitions.clip),
);
