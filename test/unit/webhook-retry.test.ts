import { describe, expect, it } from "vitest";
import { backoffWithJitter } from "@/lib/tasks/inline-step";
import { retryDelayMs } from "@/lib/webhooks/deliver-webhook-task";

const top = () => 0.999_999_9;

describe("webhook retry schedule", () => {
  it("waits up to a ceiling that doubles from 5 s to at most an hour", () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(attempt, undefined, top))).toEqual([4_999, 9_999, 19_999, 39_999]);
    expect(retryDelayMs(20, undefined, top)).toBe(3_599_999);
  });

  it("spreads deliveries that failed together over the whole window (full jitter)", () => {
    const waits = Array.from({ length: 200 }, () => retryDelayMs(3));
    expect(Math.min(...waits)).toBeLessThan(10_000);
    expect(Math.max(...waits)).toBeGreaterThan(30_000);
    expect(new Set(waits).size).toBeGreaterThan(150);
  });

  it("honours a longer Retry-After, up to 6 hours", () => {
    expect(retryDelayMs(0, 120_000)).toBe(120_000);
    expect(retryDelayMs(2, 1_000, top)).toBe(19_999);
    expect(retryDelayMs(0, 48 * 3_600_000)).toBe(6 * 3_600_000);
  });
});

describe("task step retries", () => {
  it("wait a random time up to the exponential backoff (full jitter)", () => {
    const waits = Array.from({ length: 200 }, () => backoffWithJitter(1000, 2));
    expect(waits.every((ms) => ms >= 0 && ms < 4000)).toBe(true);
    expect(new Set(waits).size).toBeGreaterThan(150);
    expect(backoffWithJitter(1000, 2, () => 0.5)).toBe(2000);
  });
});
