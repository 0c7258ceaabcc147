/** What a DailyChart's bars and line are. Hidden from screen readers: the chart's label says it. */
export function DailyLegend({ bars, line, className }: { bars: string; line: string; className: string }) {
  return (
    <p className={`${className} flex flex-wrap gap-x-4 text-xs text-slate-600`} aria-hidden="true">
      <span className="flex items-center gap-1">
        <span className="inline-block size-3 rounded-sm bg-indigo-500" />
        {bars} (left axis)
      </span>
      <span className="flex items-center gap-1">
        <span className="inline-block h-0.5 w-4 bg-emerald-600" />
        {line} (right axis)
      </span>
    </p>
  );
}
