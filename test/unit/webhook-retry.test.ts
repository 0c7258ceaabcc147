import { describe, expect, it } from "vitest";
import { retryDelayMs } from "@/lib/webhooks/deliver-webhook-task";

describe("webhook retry schedule", () => {
  it("doubles from 5 s and waits at most an hour between attempts", () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(attempt))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it("honours a longer Retry-After, up to 6 hours, and never retries sooner than the backoff", () => {
    expect(retryDelayMs(0, 120_000)).toBe(120_000);
    expect(retryDelayMs(2, 1_000)).toBe(20_000);
    expect(retryDelayMs(0, 48 * 3_600_000)).toBe(6 * 3_600_000);
  });
});
