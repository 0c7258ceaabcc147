import { tooManyRequests, unauthorized } from "@/lib/api/errors";
import type { App } from "@/lib/app/app";
import { verifyApiToken } from "./api-tokens";

export interface Caller {
  userId: string;
  /** What the rate limit counts against. */
  rateKey: string;
}

/** Resolves the caller from `Authorization: Bearer <token>` and applies the per-token rate limit. */
export async function authenticateRequest(request: Request, app: App): Promise<Caller> {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized("missing API token: send the header Authorization: Bearer <token>");
  const token = await verifyApiToken(app.db, match[1], app.now());
  if (!token) throw unauthorized("invalid or revoked API token");
  const caller = { userId: token.userId, rateKey: `token:${token.id}` };
  const decision = app.rateLimiter.take(caller.rateKey, app.now());
  if (!decision.allowed) {
    throw tooManyRequests(
      `rate limit of ${app.config.rateLimitPerMinute} requests per minute exceeded`,
      decision.retryAfterSeconds,
    );
  }
  return caller;
}
