import type { LimitDecision, RateRule, SharedLimiter } from "@/lib/limits/types";

const FAILURE_WINDOW_MS = 15 * 60_000;
const SIGN_UP_WINDOW_MS = 60 * 60_000;

export interface ThrottleDeps {
  limiter: SharedLimiter;
  config: { signInMaxFailures: number; signUpMaxPerHour: number };
  now(): number;
}

const failureRule = (deps: ThrottleDeps): RateRule => ({ limit: deps.config.signInMaxFailures, periodMs: FAILURE_WINDOW_MS });
const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `sign-in:address:${address}`;

/**
 * Whether a password sign-in may be tried: refused once the account or the client address has
 * had SIGN_IN_MAX_FAILURES failures in 15 minutes. Known and unknown emails count alike, so the
 * answer says nothing about which emails have accounts.
 */
export async function checkSignIn(deps: ThrottleDeps, attempt: { email: string; address: string }): Promise<LimitDecision> {
  const rule = failureRule(deps);
  const now = deps.now();
  const decisions = await Promise.all([
    deps.limiter.peek(accountKey(attempt.email), rule, now),
    deps.limiter.peek(addressKey(attempt.address), rule, now),
  ]);
  return decisions.find((d) => !d.allowed) ?? { allowed: true };
}

export async function recordSignInFailure(deps: ThrottleDeps, attempt: { email: string; address: string }): Promise<void> {
  const rule = failureRule(deps);
  const now = deps.now();
  await Promise.all([
    deps.limiter.take(accountKey(attempt.email), rule, now),
    deps.limiter.take(addressKey(attempt.address), rule, now),
  ]);
}

/** The account's failures are forgiven by a successful sign-in; the address's are not. */
export async function recordSignInSuccess(deps: ThrottleDeps, email: string): Promise<void> {
  await deps.limiter.reset(accountKey(email));
}

/** Counts a sign-up from the address; refused past SIGN_UP_MAX_PER_HOUR. */
export function takeSignUp(deps: ThrottleDeps, address: string): Promise<LimitDecision> {
  return deps.limiter.take(`sign-up:address:${address}`, { limit: deps.config.signUpMaxPerHour, periodMs: SIGN_UP_WINDOW_MS }, deps.now());
}

export function retryMessage(decision: { retryAfterSeconds: number }): string {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  return `try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
