"use client";

import { useMemo } from "react";
import { DailyChart } from "@/components/charts/daily-chart";
import type { ViewerSummary } from "@/lib/analytics/schemas";

/** Views as bars, minutes watched as a line, per day, as the overview's chart draws uploads. */
export function ViewersChart({ days, label, className }: { days: ViewerSummary["days"]; label: string; className: string }) {
  const chart = useMemo(
    () => ({
      dayStarts: days.map((day) => day.start),
      bars: { label: "Views", values: days.map((day) => day.views) },
      line: { label: "Minutes watched", values: days.map((day) => day.playtimeMins) },
    }),
    [days],
  );
  return <DailyChart {...chart} label={label} className={className} />;
}
