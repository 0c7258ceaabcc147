import type { Db } from "@/lib/db/client";
import { advanceRateLimit, deleteRateLimit, findRateLimit } from "@/lib/db/rate-limits";
import { decisionAt, emissionInterval, refusedAt, type LimitDecision, type RateRule, type SharedLimiter } from "./types";

/** Rate limits kept in the database: one atomic statement per event, so every process shares them. */
export class DatabaseLimiter implements SharedLimiter {
  constructor(private readonly db: Db) {}

  async take(key: string, rule: RateRule, now: number, cost = 1): Promise<LimitDecision> {
    const increment = emissionInterval(rule) * cost;
    const taken = await advanceRateLimit(this.db, key, { now, increment, periodMs: rule.periodMs });
    if (taken !== undefined) return { allowed: true, tat: taken };
    return refusedAt(await findRateLimit(this.db, key), rule, now, cost);
  }

  async peek(key: string, rule: RateRule, now: number): Promise<LimitDecision> {
    return decisionAt(await findRateLimit(this.db, key), rule, now);
  }

  async reset(key: string): Promise<void> {
    await deleteRateLimit(this.db, key);
  }
}
