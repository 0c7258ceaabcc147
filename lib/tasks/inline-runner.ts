import { setTimeout as delay } from "node:timers/promises";
import type { TaskRow, TaskType } from "@/lib/db/schema";
import { claimTask, listClaimableTasks, releaseTaskLease, renewTaskLease } from "@/lib/db/task-leases";
import { findTaskSteps, forgetTaskSteps, recordTaskStep } from "@/lib/db/task-steps";
import { incrementTaskRetries } from "@/lib/db/tasks";
import { log } from "@/lib/log/log";
import { asTask } from "@/lib/log/request-context";
import { metrics } from "@/lib/metrics/metrics";
import { inSpan } from "@/lib/telemetry/spans";
import { createInlineStep, DEFAULT_RETRY_POLICY, type RetryPolicy, type StepMemory } from "./inline-step";
import { SlotPool } from "./slot-pool";
import { executeTask, isRunStopped, RunStoppedError } from "./task-lifecycle";
import type { QueuedTask, TaskDefinitions, TaskDeps, TaskLane, TaskLease, TaskRunner } from "./types";

interface ActiveTask extends QueuedTask {
  /** The slots it runs in. */
  lane: TaskLane;
  /** Enqueued again while running: run once more when this run ends, as Inngest would. */
  rerun: boolean;
  /** Set while the task sleeps: ends the sleep early. */
  wake?: () => void;
  /** Set while the task runs here: its lease, whose signal stops the run. */
  lease?: HeldLease;
}

export interface InlineRunnerOptions {
  /**
   * The slots of each task type and of imports (upload checks never wait behind imports, exports
   * or deliveries), and how many tasks of a lane one user may run at once: on every node together
   * (checked in the database as a task is claimed), or with `perUserOnEachNode`, on each node
   * (its slots alone; imports are always counted so).
   */
  slots: Record<TaskLane, { size: number; perUser?: number; perUserOnEachNode?: boolean }>;
  /** This node, as the owner of the task leases it takes. */
  owner: string;
  /**
   * Other processes share the database: per-user limits are then also checked in it when a task
   * is claimed. The embedded database has one process, whose slots already enforce them.
   */
  sharedDatabase: boolean;
  /** A lease lasts this long unless renewed (every third of it); a dead node's tasks move on after it. */
  leaseMs: number;
  retryPolicy?: RetryPolicy;
}

/** Tasks one sweep takes over at most; the next sweep takes the rest. */
const SWEEP_BATCH = 50;

/**
 * Runs task bodies in this process, with slots of their own for each task type. Each run holds
 * a lease on its task in the database, renewed while it runs, so one node at a time runs a task
 * and every write to it needs the lease; a task whose node died is taken over by the next sweep
 * of any node once its lease runs out. A task that sleeps (`step.sleep`) gives up its slot and
 * its lease until it is due again; one waiting to retry gives up its slot.
 */
export class InlineRunner implements TaskRunner {
  readonly kind = "inline" as const;
  private readonly active = new Map<string, ActiveTask>();
  private readonly pools: Record<TaskLane, SlotPool>;
  private readonly sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private readonly retryPolicy: RetryPolicy;
  /** Active tasks not sleeping: queued for a slot or holding one. */
  private busy = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private sweepQueued = false;
  /** Tasks handed over before they are due, by id: a timer runs each when it is (no database work till then). */
  private readonly notYetDue = new Map<string, { cancel(): void }>();

  constructor(
    private readonly definitions: TaskDefinitions,
    private readonly deps: TaskDeps,
    private readonly options: InlineRunnerOptions,
  ) {
    this.retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
    const pool = (lane: TaskLane) => new SlotPool(options.slots[lane].size, options.slots[lane].perUser);
    this.pools = { upload: pool("upload"), export: pool("export"), webhook: pool("webhook"), unpin: pool("unpin"), import: pool("import"), "transcode-file": pool("transcode-file"), storyboard: pool("storyboard"), clip: pool("clip") };
  }

  async enqueue(task: QueuedTask): Promise<void> {
    if (this.closed) return;
    this.notYetDue.get(task.id)?.cancel();
    const wait = (task.runAfter ?? 0) - this.deps.now();
    if (wait > 0 && !this.active.has(task.id)) return this.runLater(task, wait);
    const known = this.active.get(task.id);
    if (known) {
      known.rerun = true;
      known.wake?.();
      return;
    }
    const lane = (task.params && this.definitions[task.type].laneOf?.({ params: task.params })) ?? task.type;
    const entry: ActiveTask = { id: task.id, type: task.type, userId: task.userId, lane, rerun: false };
    this.active.set(task.id, entry);
    this.busy++;
    void asTask(entry.id, () => this.runUntilDone(entry));
  }

  private runLater(task: QueuedTask, ms: number) {
    const timer = setTimeout(() => {
      this.notYetDue.delete(task.id);
      void this.enqueue({ id: task.id, type: task.type, userId: task.userId, params: task.params });
    }, ms);
    this.notYetDue.set(task.id, {
      cancel: () => {
        clearTimeout(timer);
        this.notYetDue.delete(task.id);
      },
    });
  }

  /** Takes over the tasks that are due and held by no live node (a dead node's, dormant ones now due). */
  async sweep(): Promise<void> {
    if (this.closed) return;
    for (const task of await listClaimableTasks(this.deps.db, this.deps.now(), SWEEP_BATCH)) {
      if (!this.active.has(task.id) && !this.notYetDue.has(task.id)) await this.enqueue(task);
    }
  }

  /**
   * Stops this node's run of a cancelled task now: its transfers are aborted and it ends without
   * writing to the task; a sleeping or not yet due task is let go too.
   */
  stop(taskId: string): void {
    this.notYetDue.get(taskId)?.cancel();
    const entry = this.active.get(taskId);
    entry?.lease?.stop(new RunStoppedError("the task was cancelled"));
    entry?.wake?.();
  }

  /** Resolves when no task is queued or running; sleeping tasks do not count. */
  idle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * For a node that is stopping: stops its runs at once (their transfers are aborted) and gives
   * their leases back, so another node can take them now rather than when the leases run out;
   * the steps they finished are not done again (lib/db/task-steps.ts). Resolves to the ids of the
   * tasks handed back.
   */
  async handOff(): Promise<string[]> {
    const running = [...this.active.values()].filter((entry) => entry.lease);
    this.closed = true;
    for (const entry of running) entry.lease!.stop(new RunStoppedError("this node is shutting down; another node takes the task"));
    await this.close();
    return running.map((entry) => entry.id);
  }

  /** Stops taking work: queued tasks and sleepers stay as they are in the database, for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    for (const later of [...this.notYetDue.values()]) later.cancel();
    for (const sleeper of this.sleepers) clearTimeout(sleeper.timer);
    this.sleepers.clear();
    for (const pool of Object.values(this.pools)) this.busy -= pool.abandonWaiters();
    this.notifyIfIdle();
    await this.idle();
  }

  private async runUntilDone(entry: ActiveTask) {
    const pool = this.pools[entry.lane];
    try {
      do {
        entry.rerun = false;
        await pool.acquire(entry.userId);
        try {
          const claim = await this.claim(entry);
          if (!claim) break;
          const left = await this.execute(entry, claim);
          entry.rerun ||= !this.closed && left !== undefined && this.isDue(left);
        } catch (error) {
          if (!isRunStopped(error)) log.error("runner", `task ${entry.id} stopped unexpectedly`, error);
        } finally {
          pool.release(entry.userId);
        }
      } while (entry.rerun && !this.closed);
    } finally {
      this.active.delete(entry.id);
      this.busy--;
      this.notifyIfIdle();
      // A finished task may let another of its user's start that a node's claim turned away.
      if (this.perUserAcrossNodes(entry.type)) this.queueSweep();
    }
  }

  /**
   * The task's lease (a new one, or `held` taken again after a sleep), renewed until released;
   * undefined when this node may not run it now: held elsewhere (its holder finishes it), its user
   * at the limit or not due (a later sweep takes it).
   */
  private async claim(entry: ActiveTask, held?: HeldLease): Promise<HeldLease | undefined> {
    const { owner, leaseMs, slots } = this.options;
    const perUser = this.perUserAcrossNodes(entry.type) ? slots[entry.type].perUser : undefined;
    const claimed = await claimTask(this.deps.db, { id: entry.id, type: entry.type, owner, now: this.deps.now(), leaseMs, perUser });
    if (!claimed) return undefined;
    if (!held) return new HeldLease(this.deps, entry.id, this.options);
    held.renewFromNow();
    return held;
  }

  private async execute(entry: ActiveTask, lease: HeldLease) {
    const definition = this.definitions[entry.type];
    const deps: TaskDeps = { ...this.deps, lease: lease.asTaskLease() };
    const onRetry = async (stepName: string, error: unknown) => {
      log.warn(`task ${entry.id}`, `step ${stepName} failed, retrying`, error);
      metrics().stepRetries.inc({ type: entry.type });
      await incrementTaskRetries(this.deps.db, entry.id, this.deps.now(), { leaseOwner: this.options.owner });
    };
    const step = createInlineStep(
      this.retryPolicy,
      onRetry,
      {
        sleep: (ms) => this.sleep(entry, lease, ms),
        backoff: (ms) => this.backoff(entry, ms, lease.signal),
        checkLease: () => lease.check(),
        now: this.deps.now,
      },
      await this.stepMemory(entry.id),
    );
    entry.lease = lease;
    log.info(`task ${entry.id}`, `${entry.type} run started`);
    try {
      await inSpan(`task ${entry.type}`, { "task.id": entry.id, "task.type": entry.type }, () => executeTask(definition, entry.id, step, deps));
      await forgetTaskSteps(this.deps.db, entry.id);
      log.info(`task ${entry.id}`, `${entry.type} run ended`);
    } catch (error) {
      // A stopped run (handed off, taken over) keeps its finished steps for the run that goes on.
      if (!isRunStopped(error)) await forgetTaskSteps(this.deps.db, entry.id).catch(() => {});
      await lease.release(null);
      throw error;
    } finally {
      entry.lease = undefined;
    }
    // The task as this node left it, when it did not end (finishing it gives up the lease).
    return lease.release(null);
  }

  /** The steps an earlier run of the task finished (it was stopped, or its node died). */
  private async stepMemory(taskId: string): Promise<StepMemory> {
    const finished = await findTaskSteps(this.deps.db, taskId);
    return {
      recall: (stepId) => finished.get(stepId),
      remember: async (stepId, result) => {
        finished.set(stepId, result);
        await recordTaskStep(this.deps.db, { taskId, stepId, result, completedAt: this.deps.now() });
      },
    };
  }

  /**
   * Dormant until then: the slot and the lease are given up (another node may take the task when
   * it is due). After close, never wakes. Ends the run when another node took the task meanwhile.
   */
  private async sleep(entry: ActiveTask, lease: HeldLease, ms: number) {
    const pool = this.pools[entry.lane];
    await lease.release(this.deps.now() + ms);
    pool.release(entry.userId);
    // Enqueued again while the lease was being released: no sleep at all.
    if (!entry.rerun) await this.dormant(entry, ms);
    await pool.acquire(entry.userId);
    // Woken on time, or early because it was made due (its upload arrived); otherwise a sweep will
    // bring it back when it is due.
    if (!(await this.claim(entry, lease))) throw new RunStoppedError("the task was taken over, or ended, while it slept");
  }

  /** Waits `ms`, or until the task is enqueued again; not counted as work under way meanwhile. */
  private dormant(entry: ActiveTask, ms: number): Promise<void> {
    this.busy--;
    this.notifyIfIdle();
    return new Promise<void>((resolve) => {
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
  }

  /** Frees the slot until the retry (or the run is stopped); the task keeps its lease and still counts as under way. */
  private async backoff(entry: ActiveTask, ms: number, signal: AbortSignal) {
    const pool = this.pools[entry.lane];
    pool.release(entry.userId);
    // Stopped: the next step's lease check ends the run.
    await delay(ms, undefined, { signal }).catch(() => {});
    await pool.acquire(entry.userId);
  }

  /** Whether a per-user limit of this type is kept in the database, for every node together. */
  private perUserAcrossNodes(type: TaskType): boolean {
    const { perUser, perUserOnEachNode } = this.options.slots[type];
    return this.options.sharedDatabase && perUser !== undefined && !perUserOnEachNode;
  }

  /** Whether a task this node just let go of (unfinished, held by no one) is to run again now. */
  private isDue(task: Pick<TaskRow, "phase" | "runAfter">): boolean {
    if (task.phase !== "waiting" && task.phase !== "running") return false;
    return task.runAfter === null || task.runAfter <= this.deps.now();
  }

  private queueSweep() {
    if (this.sweepQueued) return;
    this.sweepQueued = true;
    setImmediate(() => {
      this.sweepQueued = false;
      this.sweep().catch((error) => log.warn("runner", "sweeping for due tasks failed", error));
    });
  }

  private notifyIfIdle() {
    if (this.busy === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }
}

/** A lease this node holds on a task: renewed every third of its length until released. */
class HeldLease {
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: TaskDeps,
    private readonly taskId: string,
    private readonly options: { owner: string; leaseMs: number },
  ) {
    this.renewFromNow();
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  asTaskLease(): TaskLease {
    return {
      owner: this.options.owner,
      signal: this.abort.signal,
      lost: () => this.stop(new RunStoppedError("a write found the task ended, or held by another node")),
    };
  }

  /** Throws when the run was stopped (taken over, cancelled): it must end without writing to the task. */
  check(): void {
    if (this.abort.signal.aborted) throw this.abort.signal.reason;
  }

  /** Stops the run: renewals end, and whatever listens to the signal aborts. */
  stop(reason: RunStoppedError): void {
    clearInterval(this.timer);
    if (!this.abort.signal.aborted) this.abort.abort(reason);
  }

  renewFromNow(): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.renew(), this.options.leaseMs / 3);
  }

  async release(runAfter: number | null) {
    clearInterval(this.timer);
    return releaseTaskLease(this.deps.db, this.taskId, this.options.owner, runAfter);
  }

  private renew() {
    const { owner, leaseMs } = this.options;
    renewTaskLease(this.deps.db, this.taskId, owner, this.deps.now() + leaseMs).then(
      (held) => {
        if (!held) this.stop(new RunStoppedError("the task's lease could not be renewed: another node took it over, or it ended"));
      },
      (error) => log.warn(`task ${this.taskId}`, "could not renew its lease", error),
    );
  }
}
