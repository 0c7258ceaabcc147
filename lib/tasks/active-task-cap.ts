import { tooManyRequests } from "@/lib/api/errors";
import { countActiveUserTasks } from "@/lib/db/tasks";
import type { TaskDeps } from "./types";

/** Exports take minutes; a client that hits the cap should come back later, not hammer. */
const RETRY_AFTER_SECONDS = 30;

/** 429 when the user already has MAX_ACTIVE_TASKS_PER_USER tasks queued or running. */
export async function assertBelowActiveTaskCap(deps: TaskDeps, userId: string): Promise<void> {
  const active = await countActiveUserTasks(deps.db, userId);
  const limit = deps.config.maxActiveTasksPerUser;
  if (active >= limit) {
    throw tooManyRequests(
      `you have ${active} tasks queued or running, the limit is ${limit}; try again when some have finished`,
      RETRY_AFTER_SECONDS,
    );
  }
}
