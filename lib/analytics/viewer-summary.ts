import { notFound } from "@/lib/api/errors";
import { findUserAsset } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import { rollUpViews, sumViews, type RollupDimension } from "@/lib/db/view-rollups";
import { medianTtff } from "@/lib/db/views";
import { isUuid } from "@/lib/uuid";
import { viewershipMetric } from "./query-views";
import type { ViewerSummary } from "./schemas";

const DAY_MS = 86_400_000;
/** Days the Viewers panel and the overview cover, today included. */
export const VIEWER_DAYS = 30;
const TOP = 5;

function lastDays(now: number) {
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - VIEWER_DAYS + 1;
  return { firstDay, fromHour: firstDay * 24, toHour: (today + 1) * 24 };
}

/** The asset page's Viewers panel: the last 30 days of the caller's asset, from the roll-ups. 404 for another user's. */
export async function viewerSummary(db: Db, userId: string, assetId: string, now: number): Promise<ViewerSummary> {
  const asset = isUuid(assetId) ? await findUserAsset(db, userId, assetId) : undefined;
  if (!asset) throw notFound("asset not found");
  await rollUpViews(db, userId);
  const { firstDay, fromHour, toHour } = lastDays(now);
  const query = { userId, assetId, fromHour, toHour, byPlaybackId: false };
  const top = async (dimension: RollupDimension) =>
    (await sumViews(db, { ...query, dimensions: [dimension] }))
      .slice(0, TOP)
      .map((row) => ({ value: row.values[dimension] ?? "", views: row.views }));
  const [[total], perDay, browsers, countries, medianTtffMs] = await Promise.all([
    sumViews(db, { ...query, dimensions: [] }),
    sumViews(db, { ...query, step: "day", dimensions: [] }),
    top("browser"),
    top("country"),
    medianTtff(db, assetId, fromHour),
  ]);
  const metric = total ? viewershipMetric(total, true) : undefined;
  const onDay = new Map(perDay.map((row) => [row.timestamp, row]));
  return {
    from: firstDay * DAY_MS,
    views: total?.views ?? 0,
    playtimeMins: (total?.playtimeMs ?? 0) / 60_000,
    ...(medianTtffMs !== undefined && { medianTtffMs }),
    ...(metric?.rebufferRatio !== undefined && { rebufferRatio: metric.rebufferRatio }),
    ...(metric?.errorRate !== undefined && { errorRate: metric.errorRate }),
    ...(metric?.exitsBeforeStart !== undefined && { exitsBeforeStart: metric.exitsBeforeStart }),
    days: Array.from({ length: VIEWER_DAYS }, (_, i) => {
      const start = (firstDay + i) * DAY_MS;
      const row = onDay.get(start);
      return { start, views: row?.views ?? 0, playtimeMins: (row?.playtimeMs ?? 0) / 60_000 };
    }),
    browsers: browsers.map(({ value, views }) => ({ name: value, views })),
    countries: countries.map(({ value, views }) => ({ code: value, views })),
  };
}

/** The overview's figures: the account's views and minutes watched in the last 30 days. */
export async function accountViewTotals(
  db: Db,
  userId: string,
  now: number,
): Promise<{ views: number; playtimeMins: number }> {
  await rollUpViews(db, userId);
  const [total] = await sumViews(db, { userId, ...lastDays(now), byPlaybackId: false, dimensions: [] });
  return { views: total?.views ?? 0, playtimeMins: (total?.playtimeMs ?? 0) / 60_000 };
}
