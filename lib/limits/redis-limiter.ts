import { createHash } from "node:crypto";
import { createClient } from "@redis/client";
import { decisionAt, emissionInterval, refusedAt, type LimitDecision, type RateRule, type SharedLimiter } from "./types";

/**
 * One GCRA step, atomically: KEYS[1] holds the theoretical arrival time. ARGV: now, increment,
 * period, and "take" or "peek". Answers "ok:<new time>" when a take was counted, else the stored time.
 */
const GCRA = `
local now = tonumber(ARGV[1])
local stored = tonumber(redis.call("GET", KEYS[1]) or ARGV[1])
local base = math.max(stored, now)
if ARGV[4] == "take" then
  local next = base + tonumber(ARGV[2])
  if next - now <= tonumber(ARGV[3]) then
    redis.call("SET", KEYS[1], tostring(next), "PX", math.ceil(next - now))
    return "ok:" .. tostring(next)
  end
end
return tostring(base)
`;
const GCRA_SHA = createHash("sha1").update(GCRA).digest("hex");

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>;

/** Rate limits kept in Redis (REDIS_URL): one script call per event, shared by every process. */
export class RedisLimiter implements SharedLimiter {
  constructor(
    private readonly client: RedisClient,
    private readonly keyPrefix: string,
  ) {}

  async take(key: string, rule: RateRule, now: number, cost = 1): Promise<LimitDecision> {
    const answer = await this.gcra(key, [now, emissionInterval(rule) * cost, rule.periodMs, "take"]);
    return answer.startsWith("ok:") ? { allowed: true, tat: Number(answer.slice(3)) } : refusedAt(Number(answer), rule, now, cost);
  }

  async peek(key: string, rule: RateRule, now: number): Promise<LimitDecision> {
    return decisionAt(Number(await this.gcra(key, [now, 0, rule.periodMs, "peek"])), rule, now);
  }

  async reset(key: string): Promise<void> {
    await this.client.del(this.keyPrefix + key);
  }

  /** EVALSHA, loading the script on the first call a Redis server sees. */
  private async gcra(key: string, args: Array<number | string>): Promise<string> {
    const options = { keys: [this.keyPrefix + key], arguments: args.map(String) };
    try {
      return String(await this.client.evalSha(GCRA_SHA, options));
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return String(await this.client.eval(GCRA, options));
    }
  }
}

/** A connected client; commands fail fast while Redis is unreachable instead of queueing. */
export async function connectRedis(url: string) {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on("error", () => {
    // Reconnection is automatic; the failed commands report the error where they were sent.
  });
  await client.connect();
  return client;
}
