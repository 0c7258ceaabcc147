import { limitState, type LimitState, type SharedLimiter } from "./types";

/** How long a node keeps cells it reserved ahead; unused ones are let go (the limit only gets stricter). */
const RESERVATION_MS = 1000;
const MAX_KEYS = 10_000;

export type RateDecision = ({ allowed: true } | { allowed: false; retryAfterSeconds: number }) & { state: LimitState };

/**
 * RATE_LIMIT_PER_MINUTE per caller, counted in the shared store so it holds across nodes. A node
 * reserves about a tenth of a second's allowance at once and spends it locally, so a busy caller
 * costs the store one call per batch rather than one per request; a small limit (under 1,200 a
 * minute) reserves one request at a time and is exact.
 */
export class ApiRateLimiter {
  private readonly reserved = new Map<string, { left: number; until: number; tat?: number }>();
  private readonly batch: number;
  private readonly rule: { limit: number; periodMs: number };

  constructor(
    private readonly store: SharedLimiter,
    perMinute: number,
  ) {
    this.batch = Math.max(1, Math.min(1000, Math.floor(perMinute / 600)));
    this.rule = { limit: perMinute, periodMs: 60_000 };
  }

  async take(key: string, now: number): Promise<RateDecision> {
    const held = this.reserved.get(key);
    if (held && held.left > 0 && now < held.until) {
      held.left--;
      return { allowed: true, state: this.stateOf(held.tat, now, held.left) };
    }
    let decision = await this.store.take(`rate:${key}`, this.rule, now, this.batch);
    let granted = this.batch;
    if (!decision.allowed && this.batch > 1) {
      decision = await this.store.take(`rate:${key}`, this.rule, now, 1);
      granted = 1;
    }
    if (!decision.allowed) return { ...decision, state: { ...this.stateOf(decision.tat, now, 0), remaining: 0 } };
    this.keep(key, { left: granted - 1, until: now + RESERVATION_MS, tat: decision.tat });
    return { allowed: true, state: this.stateOf(decision.tat, now, granted - 1) };
  }

  /** What the store has left, plus what this node reserved and has not spent yet. */
  private stateOf(tat: number | undefined, now: number, reservedLeft: number): LimitState {
    const state = limitState(tat, this.rule, now);
    return { ...state, remaining: Math.min(this.rule.limit, state.remaining + reservedLeft) };
  }

  private keep(key: string, reservation: { left: number; until: number; tat?: number }) {
    this.reserved.delete(key);
    if (this.reserved.size >= MAX_KEYS) this.reserved.delete(this.reserved.keys().next().value!);
    this.reserved.set(key, reservation);
  }
}

/** The `RateLimit-*` headers (IETF draft) of an answer to a rate-limited request. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}
