import { forbidden, tooManyRequests, unauthorized } from "@/lib/api/errors";
import { requestHost } from "@/lib/api/origin";
import type { Config } from "@/lib/config/config";
import type { Db } from "@/lib/db/client";
import { rateLimitHeaders, type ApiRateLimiter } from "@/lib/limits/api-rate-limiter";
import type { LimitState } from "@/lib/limits/types";
import { verifyApiToken } from "./api-tokens";
import { answerShape, type AnswerShape } from "./answer-shape";
import { sessionUserId } from "./session";
import type { VerifiedTokenCache } from "./verified-token-cache";

/** What authenticating a request takes from the app. */
export interface AuthDeps {
  db: Db;
  verifiedTokens: VerifiedTokenCache;
  /** Decrypts the dashboard's session cookie. */
  authSecret: string;
  rateLimiter: ApiRateLimiter;
  config: Pick<Config, "rateLimitPerMinute">;
  now(): number;
}

export interface Caller {
  userId: string;
  /** What the rate limit counts against. */
  rateKey: string;
  /** The caller's rate limit after this request, for the `RateLimit-*` headers. */
  rateLimit?: LimitState;
  /** How answers show an asset: the API key's `responseShape` for this request; the dashboard's session reads the plain shape. */
  shape: AnswerShape;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Resolves the caller from `Authorization: Bearer <token>` or, without that header, from the
 * dashboard's session cookie, and applies the rate limit (per token, or per signed-in user).
 */
export async function authenticateRequest(request: Request, app: AuthDeps): Promise<Caller> {
  const header = request.headers.get("authorization");
  const caller = header !== null ? await tokenCaller(header, request, app) : await sessionCaller(request, app);
  const decision = await app.rateLimiter.take(caller.rateKey, app.now());
  if (!decision.allowed) {
    const refusal = tooManyRequests(`rate limit of ${app.config.rateLimitPerMinute} requests per minute exceeded`, decision.retryAfterSeconds);
    Object.assign(refusal.headers, rateLimitHeaders(decision.state));
    throw refusal;
  }
  return { ...caller, rateLimit: decision.state };
}

async function tokenCaller(header: string, request: Request, app: AuthDeps): Promise<Caller> {
  const match = header.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized("malformed Authorization header: send Authorization: Bearer <token>");
  const token = await verifyApiToken(app, match[1], app.now());
  if (!token) throw unauthorized("invalid or revoked API token");
  return { userId: token.userId, rateKey: `token:${token.id}`, shape: answerShape(token.responseShape, request.headers.get("user-agent")) };
}

async function sessionCaller(request: Request, app: AuthDeps): Promise<Caller> {
  const userId = await sessionUserId(app.db, request, app.authSecret, app.now());
  if (!userId) {
    throw unauthorized("missing API token: send the header Authorization: Bearer <token>, or sign in to the dashboard");
  }
  // Browsers attach cookies to requests that other sites trigger; only our own pages may change things with them.
  if (!SAFE_METHODS.has(request.method) && !fromSameOrigin(request)) {
    throw forbidden("cross-origin request refused: a request authenticated by the session cookie must come from this site");
  }
  return { userId, rateKey: `user:${userId}`, shape: "plain" };
}

/** Browsers send `Origin` with every POST, PUT, PATCH and DELETE; it must name the host the request went to. */
function fromSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host.toLowerCase() === requestHost(request).toLowerCase();
  } catch {
    return false;
  }
}
