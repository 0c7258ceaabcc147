import type { PublicTaskType, TaskRow } from "@/lib/db/schema";
import type { Task } from "./schemas";

/** The public Task, shaped like Livepeer Studio's task object. Secrets never leave the row. */
export function serializeTask(row: TaskRow): Task {
  const task: Task = {
    id: row.id,
    // Only public tasks reach here: lib/db/tasks hides webhook deliveries, and they make no events.
    type: row.type as PublicTaskType,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    params: row.params,
    status: {
      phase: row.phase,
      progress: row.progress,
      retries: row.retries,
      updatedAt: row.statusUpdatedAt,
    },
  };
  if (row.retriedAt !== null) task.status.retriedAt = row.retriedAt;
  if (row.inputAssetId) task.inputAssetId = row.inputAssetId;
  if (row.errorMessage && row.phase === "failed") task.status.errorMessage = row.errorMessage;
  if (row.output) task.output = row.output;
  return task;
}
