import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
import { runTaskDefinition } from "../run-task";

/** Steps: start → make-storyboard → record-done. One per asset at a time; the sprite's ffmpeg is niced. */
export const makeStoryboard = inngest.createFunction(
  {
    id: "make-storyboard",
    name: "Make a ready asset's storyboard",
    triggers: [taskEvents.storyboard],
    retries: 4,
    concurrency: { key: "event.data.taskId", limit: 1 },
  },
  runTaskDefinition(taskDefinitions.storyboard),
);
