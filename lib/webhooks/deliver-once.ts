import { Readable } from "node:stream";
import { findWebhook, insertWebhookLog, recordWebhookResult } from "@/lib/db/webhooks";
import type { WebhookEventRow, WebhookLogRow, WebhookRow } from "@/lib/db/schema";
import { connectGuard, DestinationRefusedError } from "@/lib/outbound/ssrf-guard";
import { describeNetworkError, sendStreamingRequest } from "@/lib/outbound/streaming-request";
import type { TaskDeps } from "@/lib/tasks/types";
import { eventBody } from "./event-body";
import { signatureHeaders } from "./signatures";

/** A webhook endpoint gets this long for its whole answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the log keeps of an answer. */
const RESPONSE_BODY_LIMIT = 4096;

export type DeliveryOutcome =
  | { kind: "delivered" }
  /** Worth another attempt: a network failure, 408, 429 or 5xx (with the answer's Retry-After, if any). */
  | { kind: "retry"; retryAfterMs?: number }
  /** Refused for good: another 3xx/4xx, or a destination the SSRF guard refuses. */
  | { kind: "refused" }
  /** 410: the endpoint is gone, and the webhook was disabled. */
  | { kind: "gone" }
  /** The webhook was deleted or disabled meanwhile. */
  | { kind: "dropped" };

/**
 * One attempt to deliver an event to a webhook: the body freshly signed both ways, POSTed through
 * the SSRF-guarded client with a 10 s limit; the attempt logged (request and answer) and the
 * webhook's status updated.
 */
export async function deliverOnce(
  deps: TaskDeps,
  webhookId: string,
  event: WebhookEventRow,
): Promise<{ outcome: DeliveryOutcome; log?: WebhookLogRow }> {
  const webhook = await findWebhook(deps.db, webhookId);
  if (!webhook || webhook.disabled) return { outcome: { kind: "dropped" } };
  const sentAt = deps.now();
  const body = eventBody(event, webhook.id, sentAt);
  const secret = deps.sealedBox.open(webhook.sealedSecret, webhook.id) as string;
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "video-asset-service-webhooks/1",
    ...signatureHeaders(secret, event.id, body, sentAt),
  };
  const started = performance.now();
  const answer = await send(deps, webhook, headers, body);
  const duration = (performance.now() - started) / 1000;
  const outcome = outcomeOf(answer);
  const log = await insertWebhookLog(deps.db, {
    webhookId: webhook.id,
    userId: webhook.userId,
    eventId: event.id,
    event: event.type,
    success: outcome.kind === "delivered",
    duration,
    request: { url: webhook.url, method: "POST", headers, body },
    response: "error" in answer ? { body: answer.error } : { status: answer.status, statusText: answer.statusText, body: answer.body },
    createdAt: sentAt,
  });
  await recordWebhookResult(deps.db, webhook.id, {
    at: sentAt,
    failure: outcome.kind === "delivered" ? undefined : failureOf(answer, sentAt),
    disable: outcome.kind === "gone",
  });
  return { outcome, log };
}

type Answer = { status: number; statusText: string; body: string; retryAfter?: string } | { error: string; refused?: boolean };

async function send(deps: TaskDeps, webhook: WebhookRow, headers: Record<string, string>, body: string): Promise<Answer> {
  const url = new URL(webhook.url);
  const bytes = Buffer.from(body);
  try {
    const { lookup } = connectGuard(url, deps.config.exportAllowedHosts);
    const answer = await sendStreamingRequest({
      url,
      method: "POST",
      headers: { ...headers, "Content-Length": String(bytes.length) },
      body: Readable.from([bytes]),
      lookup,
      responseBodyLimit: RESPONSE_BODY_LIMIT,
      timeouts: { idleMs: DELIVERY_TIMEOUT_MS, totalMs: DELIVERY_TIMEOUT_MS },
    });
    const retryAfter = answer.headers["retry-after"];
    return { status: answer.status, statusText: answer.statusText, body: answer.body.toString("utf8"), retryAfter: typeof retryAfter === "string" ? retryAfter : undefined };
  } catch (error) {
    if (error instanceof DestinationRefusedError) return { error: error.message, refused: true };
    return { error: describeNetworkError(error) };
  }
}

function outcomeOf(answer: Answer): DeliveryOutcome {
  if ("error" in answer) return answer.refused ? { kind: "refused" } : { kind: "retry" };
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 410) return { kind: "gone" };
  if (status === 408 || status === 429 || status >= 500) return { kind: "retry", retryAfterMs: retryAfterMs(answer.retryAfter) };
  return { kind: "refused" };
}

/** `Retry-After` as seconds or an HTTP date. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function failureOf(answer: Answer, at: number): WebhookRow["lastFailure"] {
  if ("error" in answer) return { timestamp: at, error: answer.error };
  return { timestamp: at, error: `the endpoint answered ${answer.status}`, response: answer.body.slice(0, 1024), statusCode: answer.status };
}
