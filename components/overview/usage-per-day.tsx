import { DailyLegend } from "@/components/charts/daily-legend";
import { DailyTable } from "@/components/charts/daily-table";
import { cardStyles } from "@/components/ui/styles";
import type { Usage } from "@/lib/usage/schemas";
import { LazyUsageChart } from "./lazy-usage-chart";

const minutes = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

/** The chart for the eye, and the same figures as a table for screen readers and exact values. */
export function UsagePerDay({ usage }: { usage: Usage }) {
  const { days } = usage;
  const uploads = days.reduce((sum, day) => sum + day.uploads, 0);
  const summary =
    `${uploads} ${uploads === 1 ? "upload" : "uploads"} and ${minutes.format(usage.deliveredSeconds / 60)} minutes delivered ` +
    `in the last ${days.length} days`;
  return (
    <section aria-labelledby="per-day-heading" className={cardStyles}>
      <h2 id="per-day-heading" className="text-lg font-semibold">
        Uploads and deliveries per day
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {summary}. UTC days; a deleted asset still counts on the day it was created.
      </p>
      <DailyLegend bars="Uploads" line="Minutes delivered" className="mt-3" />
      <LazyUsageChart days={days} label={`Chart of uploads (bars) and minutes delivered (line) per day: ${summary}`} />
      <DailyTable
        bars="Uploads"
        line="Minutes delivered"
        rows={days.map((day) => ({ start: day.start, bars: day.uploads, line: minutes.format(day.deliveredSeconds / 60) }))}
      />
    </section>
  );
}
