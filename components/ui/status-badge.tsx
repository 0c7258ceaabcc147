const tones: Record<string, string> = {
  ready: "bg-green-100 text-green-800 ring-green-600/20",
  completed: "bg-green-100 text-green-800 ring-green-600/20",
  failed: "bg-red-100 text-red-800 ring-red-600/20",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-500/20",
  processing: "bg-amber-100 text-amber-800 ring-amber-600/20",
  running: "bg-amber-100 text-amber-800 ring-amber-600/20",
  waiting: "bg-sky-100 text-sky-800 ring-sky-600/20",
  pending: "bg-sky-100 text-sky-800 ring-sky-600/20",
};

/** An asset status or task phase as a coloured pill; the word itself carries the meaning. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[status] ?? tones.cancelled}`}
    >
      {status}
    </span>
  );
}
