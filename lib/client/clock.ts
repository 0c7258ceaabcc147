"use client";

import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;
let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, to the half minute, for "5 min ago" labels; null in the server's HTML. */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now || (now = Date.now()),
    () => null,
  );
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" });

export function formatRelative(millis: number, at: number): string {
  const seconds = Math.round((millis - at) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  if (abs < 365 * 86_400) return relative.format(Math.round(seconds / (30 * 86_400)), "month");
  return relative.format(Math.round(seconds / (365 * 86_400)), "year");
}
