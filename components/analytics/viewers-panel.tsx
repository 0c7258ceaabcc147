"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { DailyLegend } from "@/components/charts/daily-legend";
import { DailyTable } from "@/components/charts/daily-table";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import type { ViewerSummary } from "@/lib/analytics/schemas";
import { api, dataOf, messagesOf } from "@/lib/client/api";
import { formatWatchTime } from "./format";

const CHART_CLASSES = "mt-4 h-48 w-full";

/** uPlot loads after the page, as on the overview. */
const ViewersChart = dynamic(() => import("./viewers-chart").then((m) => m.ViewersChart), {
  ssr: false,
  loading: () => <div className={CHART_CLASSES} aria-hidden="true" />,
});

const count = new Intl.NumberFormat("en");
const decimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

const formatTtff = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${decimal.format(ms / 1000)} s`);
const countryName = (code: string) => (code ? (regions.of(code) ?? code) : "Unknown");

/** Each figure carries its exact value in `data-value`, as on the overview; absent figures say so. */
function Figure({ name, value, children, hint }: { name: string; value?: number; children: ReactNode; hint: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs font-medium text-slate-600">{name}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900" data-figure={name} data-value={value ?? ""}>
        {value === undefined ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">none yet</span>
          </>
        ) : (
          children
        )}
      </dd>
      <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>
    </div>
  );
}

function TopList({ title, rows }: { title: string; rows: Array<{ label: string; views: number }> }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None yet.</p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm" aria-label={title}>
          {rows.map((row) => (
            <li key={row.label} className="flex justify-between gap-4">
              <span className="truncate">{row.label}</span>
              <span className="tabular-nums text-slate-600">
                {count.format(row.views)} {row.views === 1 ? "view" : "views"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The asset page's "Viewers" panel: the last 30 days of views reported by players (ours on the
 * player page, the dashboard and embeds, and Livepeer's), from `GET /api/data/views/summary`.
 */
export function ViewersPanel({ assetId }: { assetId: string }) {
  const [summary, setSummary] = useState<ViewerSummary | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [loads, setLoads] = useState(0);
  const refresh = useCallback(() => setLoads((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    dataOf(api.GET("/api/data/views/summary", { params: { query: { assetId } }, signal: controller.signal })).then(
      (data) => {
        setSummary(data);
        setErrors([]);
      },
      (error) => !controller.signal.aborted && setErrors(messagesOf(error)),
    );
    return () => controller.abort();
  }, [assetId, loads]);

  const summaryText = summary
    ? `${count.format(summary.views)} ${summary.views === 1 ? "view" : "views"} and ${formatWatchTime(summary.playtimeMins)} watched in the last ${summary.days.length} days`
    : "";

  return (
    <section aria-labelledby="viewers-heading" className={cardStyles} data-testid="viewers-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="viewers-heading" className="text-lg font-semibold">
          Viewers
        </h2>
        <button type="button" className={buttonStyles.ghost} onClick={refresh}>
          Refresh
        </button>
      </div>
      <ErrorAlert messages={errors} title="Viewer figures could not be loaded" />
      {!summary ? (
        errors.length === 0 && (
          <p aria-busy="true" className="py-6 text-center text-sm text-slate-500">
            Loading viewers…
          </p>
        )
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {summaryText}. UTC days; a view is a session where someone pressed play.
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure name="Views" value={summary.views} hint="last 30 days">
              {count.format(summary.views)}
            </Figure>
            <Figure name="Watch time" value={summary.playtimeMins} hint="minutes played">
              {formatWatchTime(summary.playtimeMins)}
            </Figure>
            <Figure name="Time to first frame" value={summary.medianTtffMs} hint="median, from play">
              {summary.medianTtffMs !== undefined && formatTtff(summary.medianTtffMs)}
            </Figure>
            <Figure name="Rebuffering" value={summary.rebufferRatio} hint="of the time played">
              {summary.rebufferRatio !== undefined && percent.format(summary.rebufferRatio)}
            </Figure>
            <Figure name="Error rate" value={summary.errorRate} hint="views that met an error">
              {summary.errorRate !== undefined && percent.format(summary.errorRate)}
            </Figure>
            <Figure name="Exits before start" value={summary.exitsBeforeStart} hint="views with no frame shown">
              {summary.exitsBeforeStart !== undefined && percent.format(summary.exitsBeforeStart)}
            </Figure>
          </dl>
          <DailyLegend bars="Views" line="Minutes watched" className="mt-4" />
          <ViewersChart
            days={summary.days}
            label={`Chart of views (bars) and minutes watched (line) per day: ${summaryText}`}
            className={CHART_CLASSES}
          />
          <DailyTable
            bars="Views"
            line="Minutes watched"
            rows={summary.days.map((day) => ({ start: day.start, bars: day.views, line: decimal.format(day.playtimeMins) }))}
          />
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TopList
              title="Top browsers"
              rows={summary.browsers.map((b) => ({ label: b.name || "Unknown", views: b.views }))}
            />
            <TopList
              title="Top countries"
              rows={summary.countries.map((c) => ({ label: countryName(c.code), views: c.views }))}
            />
          </div>
        </>
      )}
    </section>
  );
}
