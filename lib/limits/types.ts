/** At most `limit` events per `periodMs`, refilled continuously (a token bucket of `limit`). */
export interface RateRule {
  limit: number;
  periodMs: number;
}

/** `tat`, when known: the key's theoretical arrival time after the decision (GCRA), from which what is left follows. */
export type LimitDecision = { allowed: true; tat?: number } | { allowed: false; retryAfterSeconds: number; tat?: number };

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
  return wait <= 0 ? { allowed: true, tat } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)), tat };
}

/** A take the store refused: when it was refused by a race that has since cleared, try again in a second. */
export function refusedAt(tat: number | undefined, rule: RateRule, now: number, cost: number): LimitDecision {
  const decision = decisionAt(tat, rule, now, cost);
  return decision.allowed ? { allowed: false, retryAfterSeconds: 1, tat } : decision;
}

/** What a client is told of a limit (`RateLimit-*` headers): its size, what is left, and seconds until all of it is back. */
export interface LimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export function limitState(tat: number | undefined, rule: RateRule, now: number): LimitState {
  const ahead = Math.max(0, (tat ?? now) - now);
  const remaining = Math.floor((rule.periodMs - ahead) / emissionInterval(rule));
  return { limit: rule.limit, remaining: Math.max(0, Math.min(rule.limit, remaining)), resetSeconds: Math.ceil(ahead / 1000) };
}
