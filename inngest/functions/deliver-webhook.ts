import { webhookDeliveriesPerUserFrom } from "@/lib/config/config";
import { taskDefinitions } from "@/lib/app/task-definitions";
import { inngest, taskEvents } from "@/lib/tasks/inngest-client";
import { runTaskDefinition } from "../run-task";

/** Steps: start → load-events → send-0 → (wait-0 → send-1 → …) → record-delivery. */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    name: "Deliver an event to a webhook",
    triggers: [taskEvents.webhook],
    // Attempts and their backoff are the task's own steps; a step that throws is a fault of ours.
    retries: 4,
    concurrency: [
      { key: "event.data.taskId", limit: 1 },
      // As on the inline runner: a slow endpoint delays only its owner's deliveries.
      { key: "event.data.userId", limit: webhookDeliveriesPerUserFrom(process.env) },
    ],
  },
  runTaskDefinition(taskDefinitions.webhook),
);
