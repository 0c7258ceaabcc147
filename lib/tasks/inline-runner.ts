import type { TaskType } from "@/lib/db/schema";
import { findTask, incrementTaskRetries } from "@/lib/db/tasks";
import { createInlineStep, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./inline-step";
import { executeTask } from "./task-lifecycle";
import type { TaskDefinition, TaskDeps, TaskRunner } from "./types";

/**
 * Runs task bodies in this process, `concurrency` at a time. State lives in the database, so a
 * task interrupted by a stop is picked up again by `resumeUnfinishedTasks` on the next start.
 */
export class InlineRunner implements TaskRunner {
  readonly kind = "inline" as const;
  private readonly queue: string[] = [];
  private readonly known = new Set<string>();
  private running = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly definitions: Partial<Record<TaskType, TaskDefinition>>,
    private readonly deps: TaskDeps,
    private readonly concurrency: number,
    private readonly retryPolicy: RetryPolicy = DEFAULT_RETRY_POLICY,
  ) {}

  async enqueue(task: { id: string; type: TaskType }): Promise<void> {
    if (this.closed || this.known.has(task.id)) return;
    this.known.add(task.id);
    this.queue.push(task.id);
    this.pump();
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await this.idle();
  }

  private pump() {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const taskId = this.queue.shift()!;
      this.running++;
      this.execute(taskId)
        .catch((error) => console.error(`[runner] task ${taskId} stopped unexpectedly`, error))
        .finally(() => {
          this.running--;
          this.known.delete(taskId);
          this.pump();
          if (this.running === 0 && this.queue.length === 0) {
            this.idleWaiters.splice(0).forEach((resolve) => resolve());
          }
        });
    }
  }

  private async execute(taskId: string) {
    const task = await findTask(this.deps.db, taskId);
    const definition = task && this.definitions[task.type];
    if (!definition) return;
    const step = createInlineStep(this.retryPolicy, async (stepName, error) => {
      console.warn(`[task ${taskId}] step ${stepName} failed, retrying:`, error instanceof Error ? error.message : error);
      await incrementTaskRetries(this.deps.db, taskId, this.deps.now());
    });
    await executeTask(definition, taskId, step, this.deps);
  }
}
