import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import * as webhookById from "@/app/api/webhook/[id]/route";
import * as webhookLogs from "@/app/api/webhook/[id]/log/route";
import * as webhookList from "@/app/api/webhook/route";
import type { Webhook, WebhookLog } from "@/lib/webhooks/schemas";
import { callRoute } from "./call-route";
import type { Received } from "./receiver-double";

export { webhookById, webhookList, webhookLogs };

export interface WebhookEventBody {
  id: string;
  webhookId: string;
  createdAt: number;
  timestamp: number;
  event: string;
  payload: {
    asset?: { id: string; snapshot: Record<string, unknown> & { status: { phase: string; errorMessage?: string }; name: string } };
    task?: { id: string; type: string; snapshot: Record<string, unknown> & { status: { phase: string; progress: number } } };
    success?: boolean;
  };
}

export async function createWebhook(token: string, input: Record<string, unknown>): Promise<Webhook & { sharedSecret: string }> {
  const response = await callRoute(webhookList.POST, "/api/webhook", { token, json: input });
  if (response.status !== 200) throw new Error(`POST /api/webhook answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function listLogs(token: string, webhookId: string): Promise<WebhookLog[]> {
  const response = await callRoute(webhookLogs.GET, `/api/webhook/${webhookId}/log?limit=100`, { token, params: { id: webhookId } });
  if (response.status !== 200) throw new Error(`GET log answered ${response.status}`);
  return response.json();
}

/**
 * The body of a received delivery, once both signatures check out with `secret`: Standard
 * Webhooks' (with the library's own verify) and Livepeer's HMAC of the raw body.
 */
export function verifiedEvent(received: Received, secret: string): WebhookEventBody {
  const raw = received.bytes!.toString("utf8");
  const headers = Object.fromEntries(
    ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(received.headers[name])]),
  );
  // Not a whsec_ secret: its UTF-8 bytes are the key (DESIGN.md, section 10).
  const verifier = secret.startsWith("whsec_") ? new StandardWebhook(secret) : new StandardWebhook(Buffer.from(secret, "utf8"), { format: "raw" });
  const verified = verifier.verify(raw, headers) as WebhookEventBody;
  const livepeer = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(received.headers["livepeer-signature"]));
  if (!livepeer) throw new Error("no Livepeer-Signature");
  const expected = createHmac("sha256", secret).update(raw).digest("hex");
  if (livepeer[2] !== expected) throw new Error("Livepeer-Signature does not match the body");
  if (headers["webhook-id"] !== verified.id) throw new Error("webhook-id is not the event id");
  return verified;
}
