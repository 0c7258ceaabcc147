import type { Config } from "@/lib/config/config";
import type { Db } from "@/lib/db/client";
import type { TaskRow, TaskType } from "@/lib/db/schema";
import type { TaskWriter } from "@/lib/db/tasks";
import type { SealedBox } from "@/lib/secrets/sealed-box";
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
  /** Encrypts the credentials tasks keep in the database. */
  sealedBox: SealedBox;
  /** Signs the URLs this service issues: uploads, tus tokens, CAR downloads. */
  uploadSigningSecret: string;
  now(): number;
  /** What each type of task does: the runner runs them, a cancel or a retry asks them. */
  taskDefinitions: TaskDefinitions;
  /** The runner, for the tasks a task starts (an asset's export to IPFS once it is ready); set once it exists. */
  runner?: TaskRunner;
  /** Set while the inline runner runs a task: its lease, which every write to the task requires. */
  lease?: TaskLease;
}

export interface TaskLease {
  /** The node holding it. */
  owner: string;
  /** Aborted when the run must stop (another node took the task over, or it was cancelled), so long transfers stop. */
  signal: AbortSignal;
  /** A write to the task found it ended or held by another node: stops the run. */
  lost(): void;
}

/** Who writes to the task in this run (lib/db/tasks.ts: TaskWriter). */
export function writerOf(deps: TaskDeps): TaskWriter {
  return { leaseOwner: deps.lease?.owner };
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
  /** Called once when the task has been cancelled, likewise. */
  onCancel?(task: TaskRow, deps: TaskDeps): Promise<void>;
  /**
   * Checks the body of `POST /api/task/{id}/retry` and returns the secrets the new run needs:
   * they were cleared when the task failed, so the caller sends them again.
   */
  prepareRetry?(task: TaskRow, body: unknown): Record<string, unknown> | null;
  /** The inline runner's slots a task of this type runs in, when not its type's own (an import's fetch). */
  laneOf?(task: Pick<TaskRow, "params">): TaskLane;
}

/** A set of the inline runner's slots: each task type's, and the imports' (a slow source holds no upload check's slot). */
export type TaskLane = TaskType | "import";

/**
 * Every type's definition, each from the domain that owns the task (lib/app/task-definitions.ts
 * gathers them): a type without one does not compile.
 */
export type TaskDefinitions = Readonly<Record<TaskType, TaskDefinition>>;

/** What a runner needs to know of a task to queue it. */
export interface QueuedTask {
  id: string;
  type: TaskType;
  /** Limits such as running exports per user are counted by it. */
  userId: string;
  /** Its parameters, when known: they may choose its slots (TaskDefinition.laneOf). */
  params?: TaskRow["params"];
  /** Not due before then (a new upload's task); the inline runner keeps a timer rather than run it now. */
  runAfter?: number | null;
  /** When it was queued: with its id, it names this queueing, so a runner can drop a second hand-over of it. */
  statusUpdatedAt?: number;
}

export interface TaskRunner {
  readonly kind: "inline" | "inngest";
  enqueue(task: QueuedTask): Promise<void>;
  /** Resolves when nothing is queued or running (inline) — for tests and shutdown. */
  idle(): Promise<void>;
  /**
   * Takes up the tasks that are due and held by no live node (inline), or hands over again those
   * queued a while ago that never started, in case the first hand-over was lost (Inngest).
   */
  sweep?(): Promise<void>;
  /** Stops this process's run of the task at once, if it has one: the task was cancelled (inline; Inngest runs stop at their next step). */
  stop?(taskId: string): void;
  /** Stops this process's runs at once and gives their tasks back for another node to take now (inline); resolves to their ids. */
  handOff?(): Promise<string[]>;
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
