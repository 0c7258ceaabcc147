import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiRateLimiter } from "@/lib/limits/api-rate-limiter";
import { DatabaseLimiter } from "@/lib/limits/database-limiter";
import { connectRedis, RedisLimiter, type RedisClient } from "@/lib/limits/redis-limiter";
import type { SharedLimiter } from "@/lib/limits/types";
import { openTestDatabase } from "../helpers/test-databases";
import type { Database } from "@/lib/db/client";

const REDIS_URL = "redis://127.0.0.1:6379";
const rule = { limit: 3, periodMs: 60_000 };

describe.each(["database", "redis"] as const)("the shared limiter in %s", (store) => {
  let limiter: SharedLimiter;
  let database: Database | undefined;
  let redis: RedisClient | undefined;

  beforeAll(async () => {
    if (store === "redis") {
      redis = await connectRedis(REDIS_URL);
      limiter = new RedisLimiter(redis, `vas-test-${randomBytes(4).toString("hex")}:`);
    } else {
      database = await openTestDatabase("pglite");
      limiter = new DatabaseLimiter(database.db);
    }
  });
  afterAll(async () => {
    await redis?.quit();
    await database?.close();
  });

  it("allows `limit` events at once, then one per period / limit, saying when", async () => {
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) expect(await limiter.take("burst", rule, now)).toMatchObject({ allowed: true });
    expect(await limiter.take("burst", rule, now)).toMatchObject({ allowed: false, retryAfterSeconds: 20 });
    expect(await limiter.take("burst", rule, now + 19_000)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.take("burst", rule, now + 20_000)).toMatchObject({ allowed: true });
    expect(await limiter.take("other key", rule, now)).toMatchObject({ allowed: true });
  });

  it("counts several events at once only when all fit, and peeks without counting", async () => {
    const now = 2_000_000;
    expect(await limiter.take("batch", rule, now, 2)).toMatchObject({ allowed: true });
    expect((await limiter.take("batch", rule, now, 2)).allowed).toBe(false);
    expect(await limiter.peek("batch", rule, now)).toMatchObject({ allowed: true });
    expect(await limiter.peek("batch", rule, now)).toMatchObject({ allowed: true });
    expect(await limiter.take("batch", rule, now)).toMatchObject({ allowed: true });
    expect((await limiter.peek("batch", rule, now)).allowed).toBe(false);
    await limiter.reset("batch");
    expect(await limiter.peek("batch", rule, now)).toMatchObject({ allowed: true });
  });

  it("lets an API rate limiter reserve a batch for a busy caller and stay within the limit", async () => {
    const calls: number[] = [];
    const counting: SharedLimiter = {
      take: (key, r, now, cost = 1) => (calls.push(cost), limiter.take(key, r, now, cost)),
      peek: (key, r, now) => limiter.peek(key, r, now),
      reset: (key) => limiter.reset(key),
    };
    const perMinute = 6000;
    const api = new ApiRateLimiter(counting, perMinute);
    const now = 3_000_000;
    let allowed = 0;
    for (let i = 0; i < perMinute; i++) if ((await api.take("busy", now)).allowed) allowed++;
    expect(allowed).toBe(perMinute);
    // One store call per batch of a tenth of a second's allowance (10 requests).
    expect(calls).toEqual(Array(600).fill(10));
    expect((await api.take("busy", now)).allowed).toBe(false);
  });
});
