const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });

export interface DailyRow {
  /** The UTC day's start, in milliseconds since the epoch. */
  start: number;
  bars: number;
  /** The line's value, formatted. */
  line: string;
}

/** A DailyChart's figures as a table, for screen readers and exact values, behind "Show as a table". */
export function DailyTable({ rows, bars, line }: { rows: DailyRow[]; bars: string; line: string }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-indigo-700">Show as a table</summary>
      <table className="mt-2 w-full max-w-md text-left">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {bars}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {line}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.start} data-day={row.start} className="border-b border-slate-100">
              <td className="py-1">{dayFormat.format(row.start)}</td>
              <td className="py-1 text-right tabular-nums">{row.bars}</td>
              <td className="py-1 text-right tabular-nums">{row.line}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
