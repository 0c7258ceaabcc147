import type { Db } from "@/lib/db/client";
import { countExportsSince, findUsageTotals, listUsageDays } from "@/lib/db/usage";
import type { Usage } from "./schemas";

const DAY_MS = 86_400_000;
/** How many days the overview's chart shows, today included. */
export const USAGE_DAYS = 30;

/**
 * The overview's figures. Each is a primary-key read or a short index range, so an account with a
 * million assets costs what one with ten does (the totals are kept by the database's triggers);
 * this month's exports cost an index range as long as their number.
 */
export async function readUsage(db: Db, userId: string, now: number): Promise<Usage> {
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - USAGE_DAYS + 1;
  const date = new Date(now);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const [totals, usageDays, exportsThisMonth] = await Promise.all([
    findUsageTotals(db, userId),
    listUsageDays(db, userId, firstDay, today),
    countExportsSince(db, userId, monthStart),
  ]);
  const usageOn = new Map(usageDays.map((row) => [row.day, row]));
  const days = Array.from({ length: USAGE_DAYS }, (_, i) => {
    const row = usageOn.get(firstDay + i);
    return {
      start: (firstDay + i) * DAY_MS,
      uploads: row?.uploads ?? 0,
      deliveredBytes: row?.deliveredBytes ?? 0,
      deliveredSeconds: (row?.deliveredMs ?? 0) / 1000,
    };
  });
  const { waiting, processing, ready, failed } = totals;
  return {
    assets: { total: waiting + processing + ready + failed, waiting, processing, ready, failed },
    storageBytes: totals.bytes,
    uploadedSeconds: totals.durationMs / 1000,
    exportsThisMonth,
    deliveredBytes: usageDays.reduce((sum, row) => sum + row.deliveredBytes, 0),
    deliveredSeconds: usageDays.reduce((sum, row) => sum + row.deliveredMs, 0) / 1000,
    monthStart,
    days,
  };
}
