import type { LimitDecision, SharedLimiter } from "./types";

/** How long a node keeps cells it reserved ahead; unused ones are let go (the limit only gets stricter). */
const RESERVATION_MS = 1000;
const MAX_KEYS = 10_000;

/**
 * RATE_LIMIT_PER_MINUTE per caller, counted in the shared store so it holds across nodes. A node
 * reserves about a tenth of a second's allowance at once and spends it locally, so a busy caller
 * costs the store one call per batch rather than one per request; a small limit (under 1,200 a
 * minute) reserves one request at a time and is exact.
 */
export class ApiRateLimiter {
  private readonly reserved = new Map<string, { left: number; until: number }>();
  private readonly batch: number;

  constructor(
    private readonly store: SharedLimiter,
    private readonly perMinute: number,
  ) {
    this.batch = Math.max(1, Math.min(1000, Math.floor(perMinute / 600)));
  }

  async take(key: string, now: number): Promise<LimitDecision> {
    const held = this.reserved.get(key);
    if (held && held.left > 0 && now < held.until) {
      held.left--;
      return { allowed: true };
    }
    const rule = { limit: this.perMinute, periodMs: 60_000 };
    let decision = await this.store.take(`rate:${key}`, rule, now, this.batch);
    let granted = this.batch;
    if (!decision.allowed && this.batch > 1) {
      decision = await this.store.take(`rate:${key}`, rule, now, 1);
      granted = 1;
    }
    if (decision.allowed) this.keep(key, { left: granted - 1, until: now + RESERVATION_MS });
    return decision;
  }

  private keep(key: string, reservation: { left: number; until: number }) {
    this.reserved.delete(key);
    if (this.reserved.size >= MAX_KEYS) this.reserved.delete(this.reserved.keys().next().value!);
    this.reserved.set(key, reservation);
  }
}
