import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
import { runTaskDefinition } from "../run-task";

/** Steps: start → plan-unpins → unpin-{cid} for each → delete-asset (record-failure on failure). */
export const unpinAsset = inngest.createFunction(
  {
    id: "unpin-asset",
    name: "Unpin a deleted asset's exports, then delete it",
    triggers: [taskEvents.unpin],
    retries: 4,
    concurrency: [{ key: "event.data.taskId", limit: 1 }],
  },
  runTaskDefinition(taskDefinitions.unpin),
);
