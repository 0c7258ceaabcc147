import { formatSecondsLeft } from "@/lib/client/format";
import { transferRate } from "@/lib/client/transfer-rate";
import type { UploadPhase } from "@/lib/client/upload-session";
import { isSending, percentOf, type UploadItem } from "./upload-items";

/** How the tray's bar names uploads that are not sending, in the order it lists them. */
const OUTCOMES: Array<[string, UploadPhase[]]> = [
  ["checking", ["processing"]],
  ["ready", ["ready"]],
  ["refused", ["failed", "refused"]],
  ["paused", ["paused"]],
  ["interrupted", ["interrupted"]],
  ["stopped", ["stopped"]],
  ["cancelled", ["cancelled"]],
];

export interface TraySummary {
  text: string;
  /** 0..100 over the files being sent, absent when none is. */
  percent?: number;
}

/**
 * The uploads in a few words, for the tray's bar: while files are sent, how far they are together
 * and the time left at their speed (`2 files · 45% · 3 min left`); else how they ended (`2 ready · 1 refused`).
 */
export function traySummary(items: UploadItem[]): TraySummary {
  const sending = items.filter(isSending);
  if (sending.length > 0) {
    const total = sum(sending.map((item) => item.size));
    const sent = sum(sending.map((item) => Math.min(item.loaded, item.size)));
    const { secondsLeft } = transferRate(sent, total, sum(sending.map((item) => item.bytesPerSecond)));
    const percent = percentOf(sent, total);
    const parts = [sending.length > 1 && `${sending.length} files`, `${percent}%`, secondsLeft !== undefined && `${formatSecondsLeft(secondsLeft)} left`];
    return { text: parts.filter(Boolean).join(" · "), percent };
  }
  const counts = OUTCOMES.map(([word, phases]) => [word, items.filter((item) => phases.includes(item.phase)).length] as const);
  return { text: counts.filter(([, count]) => count > 0).map(([word, count]) => `${count} ${word}`).join(" · ") };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
