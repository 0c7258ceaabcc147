import { Readable } from "node:stream";
import { findWebhook, insertWebhookLogs, recordWebhookResult } from "@/lib/db/webhooks";
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
  | { kind: "gone" };

/** Requests one delivery task has under way at once, to its one endpoint. */
const PARALLEL_REQUESTS = 8;

export interface Attempt {
  eventId: string;
  outcome: DeliveryOutcome;
  log: WebhookLogRow;
}

/**
 * One attempt to deliver each of `events` to a webhook: each body freshly signed both ways and
 * POSTed through the SSRF-guarded client with a 10 s limit, a few at a time; every attempt logged
 * (request and answer) and the webhook's status updated, once for them all. None when the webhook
 * was deleted or disabled meanwhile.
 */
export async function deliverEvents(deps: TaskDeps, webhookId: string, events: WebhookEventRow[]): Promise<Attempt[]> {
  const webhook = await findWebhook(deps.db, webhookId);
  if (!webhook || webhook.disabled || events.length === 0) return [];
  const secret = deps.sealedBox.open(webhook.sealedSecret, webhook.id) as string;
  const sent = await mapInParallel(events, PARALLEL_REQUESTS, (event) => sendEvent(deps, webhook, secret, event));
  const logs = await insertWebhookLogs(
    deps.db,
    sent.map(({ event, sentAt, headers, body, answer, outcome, duration }) => ({
      webhookId: webhook.id,
      userId: webhook.userId,
      eventId: event.id,
      event: event.type,
      success: outcome.kind === "delivered",
      duration,
      request: { url: webhook.url, method: "POST", headers, body },
      response: "error" in answer ? { body: answer.error } : { status: answer.status, statusText: answer.statusText, body: answer.body },
      createdAt: sentAt,
    })),
  );
  const lastFailed = sent.findLast(({ outcome }) => outcome.kind !== "delivered");
  await recordWebhookResult(deps.db, webhook.id, {
    at: Math.max(...sent.map(({ sentAt }) => sentAt)),
    failure: lastFailed && failureOf(lastFailed.answer, lastFailed.sentAt),
    disable: sent.some(({ outcome }) => outcome.kind === "gone"),
  });
  const logOf = new Map(logs.map((log) => [log.eventId, log]));
  return sent.map(({ event, outcome }) => ({ eventId: event.id, outcome, log: logOf.get(event.id)! }));
}

async function sendEvent(deps: TaskDeps, webhook: WebhookRow, secret: string, event: WebhookEventRow) {
  const sentAt = deps.now();
  const body = eventBody(event, webhook.id, sentAt);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "video-asset-service-webhooks/1",
    ...signatureHeaders(secret, event.id, body, sentAt),
  };
  const started = performance.now();
  const answer = await send(deps, webhook, headers, body);
  const duration = (performance.now() - started) / 1000;
  return { event, sentAt, headers, body, answer, outcome: outcomeOf(answer, deps.now()), duration };
}

/** `work` on every item, at most `limit` at once; the results in the items' order. */
async function mapInParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
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

function outcomeOf(answer: Answer, now: number): DeliveryOutcome {
  if ("error" in answer) return answer.refused ? { kind: "refused" } : { kind: "retry" };
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 410) return { kind: "gone" };
  if (status === 408 || status === 429 || status >= 500) return { kind: "retry", retryAfterMs: retryAfterMs(answer.retryAfter, now) };
  return { kind: "refused" };
}

/** `Retry-After` as seconds or an HTTP date. */
function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function failureOf(answer: Answer, at: number): WebhookRow["lastFailure"] {
  if ("error" in answer) return { timestamp: at, error: answer.error };
  return { timestamp: at, error: `the endpoint answered ${answer.status}`, response: answer.body.slice(0, 1024), statusCode: answer.status };
}
