"use client";

import { formatRelative, useNow } from "@/lib/client/clock";
import { formatTime } from "@/lib/client/format";

/** "5 min ago", with the date and time on hover (title) and for machines (dateTime). */
export function RelativeTime({ millis, className }: { millis: number; className?: string }) {
  const now = useNow();
  const absolute = formatTime(millis);
  return (
    <time dateTime={new Date(millis).toISOString()} title={absolute} className={className}>
      {now === null ? absolute : formatRelative(millis, now)}
    </time>
  );
}
