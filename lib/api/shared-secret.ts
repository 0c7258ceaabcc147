import { createHash, timingSafeEqual } from "node:crypto";

/** Constant-time comparison, whatever the lengths: both sides are hashed first. */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The shared secret a webhook call carries: `Authorization: Bearer <secret>` (MinIO's auth_token,
 * EventBridge API destinations), or `?secret=` for senders that cannot set headers (SNS).
 */
export function presentedSecret(request: Request, url: URL): string | undefined {
  const header = request.headers.get("authorization")?.trim();
  if (header) return header.replace(/^Bearer\s+/i, "");
  return url.searchParams.get("secret") ?? undefined;
}
