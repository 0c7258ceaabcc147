/**
 * `size` slots handed out in arrival order, except that one user holds at most `perUserLimit` at
 * once: a user over it waits without blocking the users queued behind them.
 */
export class SlotPool {
  private free: number;
  private readonly heldBy = new Map<string, number>();
  private waiters: Array<{ userId: string; grant: () => void }> = [];

  constructor(
    size: number,
    private readonly perUserLimit = Infinity,
  ) {
    this.free = size;
  }

  acquire(userId: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ userId, grant: resolve });
      this.dispatch();
    });
  }

  release(userId: string): void {
    this.free++;
    const held = (this.heldBy.get(userId) ?? 1) - 1;
    if (held > 0) this.heldBy.set(userId, held);
    else this.heldBy.delete(userId);
    this.dispatch();
  }

  /** Forgets everyone still waiting (their tasks stay queued in the database). */
  abandonWaiters(): number {
    const count = this.waiters.length;
    this.waiters = [];
    return count;
  }

  private dispatch() {
    for (let i = 0; i < this.waiters.length && this.free > 0; ) {
      const { userId, grant } = this.waiters[i];
      if ((this.heldBy.get(userId) ?? 0) >= this.perUserLimit) {
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      this.free--;
      this.heldBy.set(userId, (this.heldBy.get(userId) ?? 0) + 1);
      grant();
    }
  }
}
