"use client";

import { useEffect, useSyncExternalStore } from "react";
import { SpeedMeter } from "./speed-meter";

export interface TransferRate {
  bytesDone: number;
  bytesPerSecond?: number;
  secondsLeft?: number;
}

/** Rates of the transfers on screen, by key, measured as their polled progress changes. */
const meters = new Map<string, { meter: SpeedMeter; progress: number; rate: TransferRate }>();
const listeners = new Set<() => void>();

function observe(key: string, progress: number, totalBytes: number): void {
  const bytesDone = Math.round(progress * totalBytes);
  let entry = meters.get(key);
  if (entry && entry.progress === progress) return;
  if (!entry || progress < entry.progress) {
    entry = { meter: new SpeedMeter(), progress, rate: { bytesDone } };
    meters.set(key, entry);
  }
  entry.progress = progress;
  entry.rate = transferRate(bytesDone, totalBytes, entry.meter.sample(bytesDone));
  for (const listener of listeners) listener();
}

/** Bytes done, speed and time left of a transfer of `totalBytes` going at `bytesPerSecond` (0 while not known). */
export function transferRate(bytesDone: number, totalBytes: number, bytesPerSecond: number): TransferRate {
  if (!(bytesPerSecond > 0)) return { bytesDone };
  return { bytesDone, bytesPerSecond, secondsLeft: Math.max(0, totalBytes - bytesDone) / bytesPerSecond };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Bytes sent, speed and time left of a running transfer, from its progress (0..1) as polled and
 * the size of what it sends. Undefined when it is not running or its size is unknown.
 */
export function useTransferRate(key: string, progress: number, totalBytes: number | undefined, running: boolean): TransferRate | undefined {
  useEffect(() => {
    if (running && totalBytes !== undefined) observe(key, progress, totalBytes);
    else meters.delete(key);
  }, [key, progress, totalBytes, running]);
  const rate = useSyncExternalStore(
    subscribe,
    () => meters.get(key)?.rate,
    () => undefined,
  );
  return running && totalBytes !== undefined ? rate : undefined;
}
