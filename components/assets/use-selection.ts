import { useState } from "react";
import type { Asset } from "@/lib/assets/schemas";

export const checkboxStyles = "h-4 w-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600";

export type Selection = ReturnType<typeof useSelection>;

/** The assets ticked among those on the page; ticks on other pages do not count. */
export function useSelection(onPage: Asset[]) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const selected = onPage.filter((asset) => ids.has(asset.id));
  return {
    selected,
    some: selected.length > 0,
    all: onPage.length > 0 && selected.length === onPage.length,
    has: (asset: Asset) => ids.has(asset.id),
    toggle(asset: Asset, checked: boolean) {
      setIds((current) => {
        const next = new Set(current);
        if (checked) next.add(asset.id);
        else next.delete(asset.id);
        return next;
      });
    },
    selectAll: (checked: boolean) => setIds(new Set(checked ? onPage.map((asset) => asset.id) : [])),
    replace: (assets: Asset[]) => setIds(new Set(assets.map((asset) => asset.id))),
  };
}
