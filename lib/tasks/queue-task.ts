import { ApiError } from "@/lib/api/errors";
import type { TaskRow } from "@/lib/db/schema";
import { finishTask } from "./task-lifecycle";
import type { TaskDeps, TaskRunner } from "./types";
import { log } from "@/lib/log/log";

/** Hands a `waiting` task to the runner; one the runner cannot take fails instead of waiting forever. */
export async function queueTask(deps: TaskDeps, runner: TaskRunner, task: TaskRow): Promise<void> {
  try {
    await runner.enqueue(task);
  } catch (error) {
    log.error(`task ${task.id}`, `could not be queued on the ${runner.kind} runner`, error);
    await finishTask(deps, task.id, { phase: "failed", errorMessage: "the task could not be queued; retry it" });
    throw new ApiError(503, ["the task queue is unavailable; try again later"], { "Retry-After": "30" });
  }
}
