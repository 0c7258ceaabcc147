import type { TaskType } from "@/lib/db/schema";
import { incrementTaskRetries } from "@/lib/db/tasks";
import { createInlineStep, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./inline-step";
import { executeTask } from "./task-lifecycle";
import type { TaskDefinition, TaskDeps, TaskRunner } from "./types";

interface ActiveTask {
  type: TaskType;
  /** Enqueued again while running: run once more when this run ends, as Inngest would. */
  rerun: boolean;
  /** Set while the task sleeps: ends the sleep early. */
  wake?: () => void;
}

/**
 * Runs task bodies in this process, `concurrency` at a time. A task that sleeps (`step.sleep`)
 * gives up its slot until it wakes, so tasks waiting for uploads never hold up the queue. State
 * lives in the database, so tasks interrupted by a stop are queued again on the next start.
 */
export class InlineRunner implements TaskRunner {
  readonly kind = "inline" as const;
  private readonly active = new Map<string, ActiveTask>();
  private freeSlots: number;
  private readonly slotWaiters: Array<() => void> = [];
  private readonly sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  /** Active tasks not sleeping: queued for a slot or holding one. */
  private busy = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly definitions: Record<TaskType, TaskDefinition>,
    private readonly deps: TaskDeps,
    concurrency: number,
    private readonly retryPolicy: RetryPolicy = DEFAULT_RETRY_POLICY,
  ) {
    this.freeSlots = concurrency;
  }

  async enqueue(task: { id: string; type: TaskType }): Promise<void> {
    if (this.closed) return;
    const known = this.active.get(task.id);
    if (known) {
      known.rerun = true;
      known.wake?.();
      return;
    }
    const entry: ActiveTask = { type: task.type, rerun: false };
    this.active.set(task.id, entry);
    this.busy++;
    void this.runUntilDone(task.id, entry);
  }

  /** Resolves when no task is queued or running; sleeping tasks do not count. */
  idle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking work: queued tasks and sleepers stay as they are in the database, for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    for (const sleeper of this.sleepers) clearTimeout(sleeper.timer);
    this.sleepers.clear();
    this.busy -= this.slotWaiters.length;
    this.slotWaiters.length = 0;
    this.notifyIfIdle();
    await this.idle();
  }

  private async runUntilDone(taskId: string, entry: ActiveTask) {
    try {
      do {
        entry.rerun = false;
        await this.acquireSlot();
        try {
          await this.execute(taskId, entry);
        } catch (error) {
          console.error(`[runner] task ${taskId} stopped unexpectedly`, error);
        } finally {
          this.releaseSlot();
        }
      } while (entry.rerun && !this.closed);
    } finally {
      this.active.delete(taskId);
      this.busy--;
      this.notifyIfIdle();
    }
  }

  /** A task deleted since it was queued ends at its first step, which reads its row. */
  private async execute(taskId: string, entry: ActiveTask) {
    const definition = this.definitions[entry.type];
    const onRetry = async (stepName: string, error: unknown) => {
      console.warn(`[task ${taskId}] step ${stepName} failed, retrying:`, error instanceof Error ? error.message : error);
      await incrementTaskRetries(this.deps.db, taskId, this.deps.now());
    };
    const step = createInlineStep(this.retryPolicy, onRetry, (ms) => this.sleep(entry, ms));
    await executeTask(definition, taskId, step, this.deps);
  }

  /** Frees the slot for the sleep, then queues for one again. After close, never wakes. */
  private async sleep(entry: ActiveTask, ms: number) {
    this.releaseSlot();
    this.busy--;
    this.notifyIfIdle();
    await new Promise<void>((resolve) => {
      if (this.closed) return;
      const sleeper = {
        timer: setTimeout(() => sleeper.wake(), ms),
        wake: () => {
          clearTimeout(sleeper.timer);
          this.sleepers.delete(sleeper);
          entry.wake = undefined;
          this.busy++;
          resolve();
        },
      };
      this.sleepers.add(sleeper);
      entry.wake = sleeper.wake;
    });
    await this.acquireSlot();
  }

  private acquireSlot(): Promise<void> {
    if (this.freeSlots > 0) {
      this.freeSlots--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.slotWaiters.push(resolve));
  }

  private releaseSlot() {
    const next = this.slotWaiters.shift();
    if (next) next();
    else this.freeSlots++;
  }

  private notifyIfIdle() {
    if (this.busy === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }
}
