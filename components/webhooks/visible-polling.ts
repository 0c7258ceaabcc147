"use client";

import { useEffect } from "react";

const POLL_MS = 5000;

/**
 * A `usePagedList` poll interval: every 5 s while the tab is shown. A hidden tab stops asking
 * (nobody is looking), and `useRefreshWhenShown` catches up when it is shown again.
 */
export function pollWhileVisible(): number | null {
  return document.visibilityState === "visible" ? POLL_MS : null;
}

export function useRefreshWhenShown(refresh: () => void): void {
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, [refresh]);
}
