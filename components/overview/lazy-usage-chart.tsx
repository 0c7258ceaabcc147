"use client";

import dynamic from "next/dynamic";
import type { Usage } from "@/lib/usage/schemas";

const CHART_CLASSES = "mt-4 h-56 w-full";

/** uPlot (about 20 kB compressed) loads after the page, so the overview's first load stays small. */
const UsageChart = dynamic(() => import("./usage-chart").then((m) => m.UsageChart), {
  ssr: false,
  loading: () => <div className={CHART_CLASSES} aria-hidden="true" />,
});

export function LazyUsageChart({ days, label }: { days: Usage["days"]; label: string }) {
  return <UsageChart days={days} label={label} className={CHART_CLASSES} />;
}
