import { ProgressBar } from "@/components/ui/progress-bar";
import { cardStyles } from "@/components/ui/styles";
import type { Rendition } from "@/lib/assets/schemas";
import { formatBitrate } from "@/lib/client/bitrate";

/** Whether every segment of every rung is made, so the asset page can stop refreshing. */
export function allRenditionsMade(renditions: Rendition[] | undefined): boolean {
  return (renditions ?? []).every(({ segments }) => segments.made >= segments.total);
}

/** The transcoded asset's ladder, lowest first: each rung's picture and whether its segments are made yet. */
export function RenditionLadder({ renditions }: { renditions: Rendition[] }) {
  return (
    <section aria-labelledby="renditions-heading" className={cardStyles}>
      <h2 id="renditions-heading" className="mb-1 text-lg font-semibold">
        Renditions
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Players pick the rung that suits the screen and the network. A segment not made yet is made when a viewer asks for it.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Rendition</th>
              <th scope="col" className="py-2 pr-4 font-medium">Size</th>
              <th scope="col" className="py-2 pr-4 font-medium">Bitrate</th>
              <th scope="col" className="py-2 pr-4 font-medium">Frame rate</th>
              <th scope="col" className="py-2 font-medium">Segments</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {renditions.map((rendition) => (
              <RenditionRow key={rendition.name} rendition={rendition} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RenditionRow({ rendition: { name, width, height, bitrate, fps, segments } }: { rendition: Rendition }) {
  const made = segments.made >= segments.total;
  return (
    <tr data-rendition={name}>
      <th scope="row" className="py-2 pr-4 font-medium text-slate-800">
        {name}
      </th>
      <td className="py-2 pr-4 tabular-nums">
        {width}×{height}
      </td>
      <td className="py-2 pr-4 tabular-nums">{formatBitrate(bitrate)}</td>
      <td className="py-2 pr-4 tabular-nums">{Number(fps.toFixed(2))} fps</td>
      <td className="min-w-40 py-2">
        {made ? (
          <span className="font-medium text-green-700">Made ({segments.total})</span>
        ) : (
          <div className="space-y-1">
            <span className="tabular-nums text-slate-700">
              {segments.made} of {segments.total} made
            </span>
            <ProgressBar value={segments.total > 0 ? segments.made / segments.total : 0} label={`${name}: segments made`} />
          </div>
        )}
      </td>
    </tr>
  );
}
