import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";

const STANDARD_PREFIX = "whsec_";

/**
 * The headers that sign a webhook request, both ways, with the webhook's shared secret:
 * Livepeer's `Livepeer-Signature: t=<ms>,v1=<hex HMAC-SHA256(secret, body)>`, and Standard
 * Webhooks' `webhook-id` / `webhook-timestamp` / `webhook-signature` (signed by the
 * `standardwebhooks` library; its key is the base64 part of a `whsec_` secret, else the secret's
 * UTF-8 bytes).
 */
export function signatureHeaders(secret: string, eventId: string, body: string, sentAt: number): Record<string, string> {
  const livepeer = createHmac("sha256", secret).update(body).digest("hex");
  const standard = secret.startsWith(STANDARD_PREFIX)
    ? new Webhook(secret)
    : new Webhook(Buffer.from(secret, "utf8"), { format: "raw" });
  return {
    "Livepeer-Signature": `t=${sentAt},v1=${livepeer}`,
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(sentAt / 1000)),
    "webhook-signature": standard.sign(eventId, new Date(sentAt), body),
  };
}

/** A new shared secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function generateSharedSecret(random: Buffer): string {
  return STANDARD_PREFIX + random.toString("base64");
}
