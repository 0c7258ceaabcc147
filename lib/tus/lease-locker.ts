import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import type { Db } from "@/lib/db/client";
import { acquireLock, releaseLock, renewLock, requestLockRelease } from "@/lib/db/locks";
import { log } from "@/lib/log/log";

/** A held lock lapses this long after its holder's last renewal (its node died). */
const LEASE_MS = 10_000;
const RENEW_EVERY_MS = 2_000;
const RETRY_EVERY_MS = 100;
const GIVE_UP_AFTER_MS = 30_000;

/**
 * tus's locks in the database, so one request at a time writes an upload whichever node serves
 * it. A request that wants a held lock asks its holder to let go (as tus's own in-memory locker
 * does within a process): the holder notices at its next renewal and ends its request, which is
 * what a client resuming after a dropped connection needs.
 */
export class LeaseLocker implements Locker {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  newLock(id: string): Lock {
    return new LeaseLock(this.db, `tus:${id}`, this.now);
  }
}

class LeaseLock implements Lock {
  private readonly owner = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly now: () => number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUpAt = this.now() + GIVE_UP_AFTER_MS;
    while (!(await acquireLock(this.db, this.name, this.owner, this.now(), this.now() + LEASE_MS))) {
      if (signal.aborted || this.now() > giveUpAt) throw ERRORS.ERR_LOCK_TIMEOUT;
      await requestLockRelease(this.db, this.name);
      await delay(RETRY_EVERY_MS);
    }
    this.timer = setInterval(() => this.renew(requestRelease), RENEW_EVERY_MS);
  }

  async unlock(): Promise<void> {
    clearInterval(this.timer);
    await releaseLock(this.db, this.name, this.owner);
  }

  private renew(requestRelease: RequestRelease) {
    renewLock(this.db, this.name, this.owner, this.now() + LEASE_MS).then(
      (held) => {
        if (!held || held.releaseRequested) void requestRelease();
      },
      (error) => log.warn("tus", `could not renew the lock ${this.name}`, error),
    );
  }
}
