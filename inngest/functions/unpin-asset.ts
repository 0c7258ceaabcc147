import { unpinTask } from "@/lib/export/unpin-task";
import { inngest, taskEvents } from "../client";
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
  runTaskDefinition(unpinTask),
);
