/** At most `limit` events per `periodMs`, refilled continuously (a token bucket of `limit`). */
export interface RateRule {
  limit: number;
  periodMs: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Rate limits shared by every process of a deployment (the database, or Redis). */
export interface SharedLimiter {
  /** Counts `cost` events for `key` when the rule allows them all, else counts none. */
  take(key: string, rule: RateRule, now: number, cost?: number): Promise<LimitDecision>;
  /** Whether one more event would be allowed, without counting it. */
  peek(key: string, rule: RateRule, now: number): Promise<LimitDecision>;
  reset(key: string): Promise<void>;
}

/** GCRA: events are spaced `periodMs / limit` apart, with a burst of `limit`. */
export function emissionInterval(rule: RateRule): number {
  return rule.periodMs / rule.limit;
}

/** Whether `cost` more events fit now, given the key's theoretical arrival time, and if not, how long until they do. */
export function decisionAt(tat: number | undefined, rule: RateRule, now: number, cost = 1): LimitDecision {
  const wait = Math.max(tat ?? now, now) + emissionInterval(rule) * cost - now - rule.periodMs;
  return wait <= 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
}

/** A take the store refused: when it was refused by a race that has since cleared, try again in a second. */
export function refusedAt(tat: number | undefined, rule: RateRule, now: number, cost: number): LimitDecision {
  const decision = decisionAt(tat, rule, now, cost);
  return decision.allowed ? { allowed: false, retryAfterSeconds: 1 } : decision;
}
