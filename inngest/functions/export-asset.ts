import { maxRunningExportsPerUserFrom } from "@/lib/config/config";
import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
import { runTaskDefinition } from "../run-task";

/** Steps: start → load-export → pin-video → pin-metadata → custom-upload → record-output (record-failure on failure). */
export const exportAsset = inngest.createFunction(
  {
    id: "export-asset",
    name: "Export an asset to IPFS and/or a custom URL",
    triggers: [taskEvents.export],
    retries: 4,
    concurrency: [
      // A retried task is a new run; never let two runs of one task overlap.
      { key: "event.data.taskId", limit: 1 },
      // As on the inline runner: one user's stalled destinations cannot take every worker.
      { key: "event.data.userId", limit: maxRunningExportsPerUserFrom(process.env) },
    ],
  },
  runTaskDefinition(taskDefinitions.export),
);
