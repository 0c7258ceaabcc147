import { Fragment, type ReactNode } from "react";
import { cardStyles } from "@/components/ui/styles";
import { formatBytes } from "@/lib/client/format";
import type { Usage } from "@/lib/usage/schemas";

const STATUSES = ["ready", "processing", "waiting", "failed"] as const;
const minutes = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });

/** Each figure carries its exact value in `data-value`, for scripts and tests; people read the text. */
function Figure({ name, value, children }: { name: string; value: number; children: ReactNode }) {
  return (
    <div className={cardStyles}>
      <dt className="text-sm font-medium text-slate-600">{name}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900" data-figure={name} data-value={value}>
        {children}
      </dd>
    </div>
  );
}

export function UsageFigures({ usage }: { usage: Usage }) {
  const { assets } = usage;
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading" className="sr-only">
        Usage
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Figure name="Assets" value={assets.total}>
          {assets.total}
          {/* A narrow card wraps the line between counts, each keeping its separator at its end: a line never starts with "·". */}
          <span className="mt-1 block text-sm font-normal text-slate-600">
            {STATUSES.map((status, i) => (
              <Fragment key={status}>
                {i > 0 && " "}
                <span data-status-count={status} className="whitespace-nowrap">
                  {assets[status]} {status}
                  {i < STATUSES.length - 1 && " ·"}
                </span>
              </Fragment>
            ))}
          </span>
        </Figure>
        <Figure name="Storage used" value={usage.storageBytes}>
          {formatBytes(usage.storageBytes)}
        </Figure>
        <Figure name="Minutes uploaded" value={usage.uploadedSeconds}>
          {minutes.format(usage.uploadedSeconds / 60)}
        </Figure>
        <Figure name="Minutes delivered" value={usage.deliveredSeconds}>
          {minutes.format(usage.deliveredSeconds / 60)}
          <span className="mt-1 block text-sm font-normal text-slate-600">in the last 30 days</span>
        </Figure>
        <Figure name="Exports this month" value={usage.exportsThisMonth}>
          {usage.exportsThisMonth}
        </Figure>
      </dl>
    </section>
  );
}
