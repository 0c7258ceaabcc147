import type { Config } from "@/lib/config/config";
import type { Db } from "@/lib/db/client";
import type { TaskRow, TaskType } from "@/lib/db/schema";
import type { Storage } from "@/lib/storage/types";

/** The subset of Inngest's `step` that task bodies use, so the inline runner can provide it too. */
export interface StepTools {
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
  sleep(name: string, ms: number): Promise<void>;
}

export interface TaskDeps {
  db: Db;
  storage: Storage;
  config: Config;
  now(): number;
}

export interface TaskDefinition {
  type: TaskType;
  /**
   * For a task created before its input exists (the upload task, before the file arrives): runs
   * first, while the task is still `pending`; resolves false to end this run without starting it.
   */
  awaitInput?(taskId: string, step: StepTools, deps: TaskDeps): Promise<boolean>;
  /** The work itself; every side effect inside a named step. */
  run(taskId: string, step: StepTools, deps: TaskDeps): Promise<void>;
  /** Called once when the task has failed for good, to leave its subject in a clear state. */
  onFailure?(task: TaskRow, message: string, deps: TaskDeps): Promise<void>;
  /**
   * Checks the body of `POST /api/task/{id}/retry` and returns the secrets the new run needs:
   * they were cleared when the task failed, so the caller sends them again.
   */
  prepareRetry?(task: TaskRow, body: unknown): Record<string, unknown> | null;
}

export interface TaskRunner {
  readonly kind: "inline" | "inngest";
  enqueue(task: { id: string; type: TaskType }): Promise<void>;
  /** Resolves when nothing is queued or running (inline) — for tests and shutdown. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** An error whose message is meant for the task's owner; other errors show a generic message. */
export class TaskError extends Error {
  override readonly name: string = "TaskError";

  constructor(
    message: string,
    readonly retriable = true,
  ) {
    super(message);
  }
}

export function isTaskError(error: unknown): error is TaskError {
  return error instanceof Error && typeof (error as TaskError).retriable === "boolean";
}

/** Fails the task at once instead of retrying. */
export class NonRetriableError extends TaskError {
  constructor(message: string) {
    super(message, false);
  }
}
