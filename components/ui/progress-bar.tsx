/** A labelled progress bar; `value` is 0..1. */
export function ProgressBar({ value, label, tone = "indigo" }: { value: number; label: string; tone?: "indigo" | "green" | "red" }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  const fill = { indigo: "bg-indigo-600", green: "bg-green-600", red: "bg-red-500" }[tone];
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full ${fill} transition-[width] duration-300`} style={{ width: `${percent}%` }} />
    </div>
  );
}
