import { createHash } from "node:crypto";
import { z } from "zod";
import { badRequest } from "@/lib/api/errors";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** 1 to 255 printable ASCII characters. */
export const idempotencyKeySchema = z.string().regex(/^[\x20-\x7e]{1,255}$/);

/** The request's `Idempotency-Key`, if it sent one; 400 unless it is 1..255 printable ASCII characters. */
export function readIdempotencyKey(headers: Headers): string | undefined {
  const value = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) return undefined;
  if (!idempotencyKeySchema.safeParse(value).success) throw badRequest(`${IDEMPOTENCY_KEY_HEADER}: must be 1 to 255 printable ASCII characters`);
  return value;
}

/** What makes two requests with one key the same request: method, path and the body's exact text. */
export function requestFingerprint(method: string, pathname: string, bodyText: string): string {
  return createHash("sha256").update(JSON.stringify([method, pathname, bodyText])).digest("hex");
}
