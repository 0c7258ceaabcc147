import type { WebhookLog } from "@/lib/webhooks/schemas";

/** With seconds: one upload's deliveries come seconds apart. */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

export function formatDeliveryTime(millis: number): string {
  return timeFormat.format(millis);
}

export function formatSeconds(seconds: number): string {
  return seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`;
}

/** A webhook's `events`: empty means every event. */
export function describeEvents(events: readonly string[]): string {
  return events.length === 0 ? "All events" : events.join(", ");
}

/** One attempt in a few words, e.g. "Delivered (HTTP 200) in 12 ms". */
export function describeAttempt(log: WebhookLog): string {
  const answer = log.response.status !== undefined ? ` (HTTP ${log.response.status})` : log.response.body ? `: ${log.response.body}` : "";
  return `${log.success ? "Delivered" : "Failed"}${answer} in ${formatSeconds(log.duration)}`;
}

/** JSON indented for reading; anything else as it came. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
