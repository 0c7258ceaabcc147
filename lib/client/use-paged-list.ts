"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { getListPage, messagesOf, type ListTotal } from "./api";

const RETRY_AFTER_ERROR_MS = 5000;

export interface PagedList<T> {
  /** Null until the first answer. */
  items: T[] | null;
  errors: string[];
  loading: boolean;
  page: number;
  hasNext: boolean;
  /** With `withTotal`: how many match, from the first page of the current query. */
  total?: ListTotal;
  next(): void;
  previous(): void;
  refresh(): void;
}

/**
 * One page of a paginated API list, polled so that statuses change without a reload.
 * `pollMs` says how soon to look again after each answer (null: only on `refresh`).
 * Changing `query` starts again at the first page. `withTotal` asks the first page for the total
 * (`total=true`), kept while the later pages of the same query are shown.
 */
export function usePagedList<T>(
  path: string,
  query: Record<string, string | undefined>,
  pollMs: (items: T[]) => number | null,
  options: { withTotal?: boolean } = {},
): PagedList<T> {
  const queryKey = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  const [nav, setNav] = useState<{ queryKey: string; cursors: Array<string | undefined> }>({ queryKey, cursors: [undefined] });
  const cursors = nav.queryKey === queryKey ? nav.cursors : [undefined];
  const cursor = cursors.at(-1);
  const [state, setState] = useState<{ items: T[] | null; nextCursor?: string; errors: string[]; url?: string }>({
    items: null,
    errors: [],
  });
  const [total, setTotal] = useState<{ queryKey: string; total?: ListTotal }>({ queryKey });
  const [refreshes, setRefreshes] = useState(0);
  const pollRef = useRef(pollMs);
  useEffect(() => {
    pollRef.current = pollMs;
  });

  const params = new URLSearchParams(queryKey);
  if (cursor) params.set("cursor", cursor);
  else if (options.withTotal) params.set("total", "true");
  const url = `${path}?${params}`;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      let delay: number | null;
      try {
        const { items, nextCursor, total } = await getListPage<T>(url, controller.signal);
        setState({ items, nextCursor, errors: [], url });
        if (total) setTotal({ queryKey, total });
        delay = pollRef.current(items);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((previous) => ({ ...previous, errors: messagesOf(error), url }));
        delay = RETRY_AFTER_ERROR_MS;
      }
      if (delay !== null && !controller.signal.aborted) timer = setTimeout(load, delay);
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [url, queryKey, refreshes]);

  const nextCursor = state.url === url ? state.nextCursor : undefined;
  return {
    items: state.items,
    errors: state.errors,
    loading: state.url !== url,
    page: cursors.length,
    hasNext: nextCursor !== undefined,
    total: total.queryKey === queryKey ? total.total : undefined,
    next() {
      if (nextCursor) setNav({ queryKey, cursors: [...cursors, nextCursor] });
    },
    previous() {
      if (cursors.length > 1) setNav({ queryKey, cursors: cursors.slice(0, -1) });
    },
    refresh: useCallback(() => setRefreshes((n) => n + 1), []),
  };
}
