import { cardStyles } from "@/components/ui/styles";
import type { Usage } from "@/lib/usage/schemas";
import { LazyUsageChart } from "./lazy-usage-chart";

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
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
      {/* The chart's label says the same to screen readers. */}
      <p className="mt-3 flex flex-wrap gap-x-4 text-xs text-slate-600" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-indigo-500" />
          Uploads (left axis)
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-emerald-600" />
          Minutes delivered (right axis)
        </span>
      </p>
      <LazyUsageChart days={days} label={`Chart of uploads (bars) and minutes delivered (line) per day: ${summary}`} />
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-indigo-700">Show as a table</summary>
        <table className="mt-2 w-full max-w-md text-left">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Uploads
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Minutes delivered
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.start} data-day={day.start} className="border-b border-slate-100">
                <td className="py-1">{dayFormat.format(day.start)}</td>
                <td className="py-1 text-right tabular-nums">{day.uploads}</td>
                <td className="py-1 text-right tabular-nums">{minutes.format(day.deliveredSeconds / 60)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
