import type { ReactNode } from "react";

const tones = {
  green: "bg-green-100 text-green-800 ring-green-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

/** A small coloured label; its words carry the meaning, the colour only repeats it. */
export function Pill({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}>
      {children}
    </span>
  );
}
