import { ApiError, tooManyRequests } from "@/lib/api/errors";
import type { CappedChange } from "@/lib/db/tasks";
import type { TaskRow } from "@/lib/db/schema";

/** Exports take minutes; a client that hits the cap should come back later, not hammer. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The task a capped change made; 429 when the user already had MAX_ACTIVE_TASKS_PER_USER tasks
 * queued or running, `otherwise` when the change found nothing to do.
 */
export function withinCapOrRefuse(change: CappedChange, limit: number, otherwise: () => ApiError): TaskRow {
  if (change.active !== undefined) {
    throw tooManyRequests(
      `you have ${change.active} tasks queued or running, the limit is ${limit}; try again when some have finished`,
      RETRY_AFTER_SECONDS,
    );
  }
  if (!change.task) throw otherwise();
  return change.task;
}
