"use client";

import { useMemo } from "react";
import { DailyChart } from "@/components/charts/daily-chart";
import type { Usage } from "@/lib/usage/schemas";

/** Uploads as bars, minutes delivered as a line, per day. */
export function UsageChart({ days, label, className }: { days: Usage["days"]; label: string; className: string }) {
  const chart = useMemo(
    () => ({
      dayStarts: days.map((day) => day.start),
      bars: { label: "Uploads", values: days.map((day) => day.uploads) },
      line: { label: "Minutes delivered", values: days.map((day) => day.deliveredSeconds / 60) },
    }),
    [days],
  );
  return <DailyChart {...chart} label={label} className={className} />;
}
