"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export type UrlQueryChange = Record<string, string | undefined>;

/**
 * The page's query string as the state of a view, so it can be shared and survives a reload:
 * `get` to read a parameter, `change` to set or remove some of them, as a new history entry (the back
 * button undoes it) or in place of the current one (while typing). Next.js follows
 * history.pushState, so nothing is fetched from the server for it.
 */
export function useUrlQuery() {
  const params = useSearchParams();
  const pathname = usePathname();
  const get = (name: string) => params?.get(name) ?? null;
  const change = useCallback(
    (changes: UrlQueryChange, mode: "push" | "replace" = "push") => {
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      const query = next.toString();
      const url = query ? `${pathname}?${query}` : pathname;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [pathname],
  );
  return { get, change };
}
