export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Token bucket per key: `perMinute` requests, refilled continuously. In-process state. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perMinute: number) {}

  take(key: string, now: number): RateDecision {
    const refillPerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * refillPerMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000)) };
  }

  private forgetFull(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * (this.perMinute / 60_000) >= this.perMinute) this.buckets.delete(key);
    }
  }
}
