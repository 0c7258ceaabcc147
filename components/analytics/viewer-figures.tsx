import { cardStyles } from "@/components/ui/styles";
import { formatWatchTime } from "./format";

const count = new Intl.NumberFormat("en");

/** The overview's viewer figures: the account's views and watch time in the last 30 days (docs/analytics.md). */
export function ViewerFigures({ totals }: { totals: { views: number; playtimeMins: number } }) {
  const figures = [
    { name: "Views", value: totals.views, text: count.format(totals.views) },
    { name: "Watch time", value: totals.playtimeMins, text: formatWatchTime(totals.playtimeMins) },
  ];
  return (
    <section aria-labelledby="viewers-heading">
      <h2 id="viewers-heading" className="sr-only">
        Viewers
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {figures.map((figure) => (
          <div key={figure.name} className={cardStyles}>
            <dt className="text-sm font-medium text-slate-600">{figure.name}</dt>
            <dd
              className="mt-1 text-2xl font-semibold text-slate-900"
              data-figure={figure.name}
              data-value={figure.value}
            >
              {figure.text}
              <span className="mt-1 block text-sm font-normal text-slate-600">in the last 30 days, every asset</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
