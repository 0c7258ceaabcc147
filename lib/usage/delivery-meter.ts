import type { DayDelivery } from "@/lib/db/usage";
import { log } from "@/lib/log/log";

const DAY_MS = 86_400_000;

/**
 * Playback's bytes and seconds, summed per user and UTC day in this process and written every few
 * seconds (the node's maintenance tick) in one statement: a request costs a map update, not a
 * database write, and every node adds its own sums to the same rows. What a node has not written
 * when it dies, at most one tick's, is lost; so is a batch the database refuses (logged).
 */
export class DeliveryMeter {
  private pending = new Map<string, DayDelivery>();

  constructor(private readonly write: (deliveries: DayDelivery[]) => Promise<void>) {}

  record(userId: string, bytes: number, seconds: number, now: number): void {
    if (bytes <= 0) return;
    const day = Math.floor(now / DAY_MS);
    const key = `${userId}/${day}`;
    const sum = this.pending.get(key) ?? { userId, day, bytes: 0, ms: 0 };
    sum.bytes += bytes;
    sum.ms += Math.round(seconds * 1000);
    this.pending.set(key, sum);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    await this.write(batch).catch((error: unknown) => log.warn("usage", `${batch.length} playback sums were not recorded`, error));
  }
}
