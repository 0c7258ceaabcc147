import type { z } from "zod";
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import { fieldName, findJsonProblem } from "@/lib/api/json-value";
import { isPlaybackId } from "@/lib/assets/playback-id";
import { findAssetByPlaybackId, findUserAsset } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import { rollUpViews, sumViews, type RollupDimension, type ViewSumsRow } from "@/lib/db/view-rollups";
import { countRecentViews } from "@/lib/db/views";
import { isUuid } from "@/lib/uuid";
import type { CreatorViewsQuery, RealtimeQuery, RealtimeViewership, ViewershipMetric, ViewsQuery } from "./schemas";

const HOUR_MS = 3_600_000;
/** "Now" is who reported in this long: a playing player reports every 5 s. */
export const REALTIME_WINDOW_MS = 30_000;

/**
 * A metrics query string: `breakdownBy[]` (as Livepeer's SDK sends it) and `breakdownBy`, each
 * repeatable, are one list; any other parameter given twice is refused. 400 naming the parameter.
 */
export function parseMetricsQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const query: Record<string, unknown> = {};
  const breakdowns: string[] = [];
  for (const [key, value] of url.searchParams) {
    if (key === "breakdownBy" || key === "breakdownBy[]") breakdowns.push(value);
    else if (key in query) throw badRequest(`${key}: given more than once`);
    else query[key] = value;
  }
  if (breakdowns.length > 0) query["breakdownBy[]"] = breakdowns;
  const problem = findJsonProblem(query);
  if (problem) throw badRequest(problem.replace(/^body/, "query"));
  const result = schema.safeParse(query);
  if (!result.success) {
    throw new ApiError(
      400,
      result.error.issues.map((issue) =>
        issue.code === "unrecognized_keys"
          ? `${issue.keys.join(", ")}: unknown parameter`
          : `${fieldName(issue.path)}: ${issue.message}`,
      ),
    );
  }
  return result.data;
}

interface OwnedAsset {
  id: string;
  playbackId: string;
}

/** The caller's asset named by `assetId` and/or `playbackId`; 404 for another user's, as for none. */
async function ownedAsset(
  db: Db,
  userId: string,
  ids: { assetId?: string; playbackId?: string },
): Promise<OwnedAsset | undefined> {
  if (ids.assetId === undefined && ids.playbackId === undefined) return undefined;
  const row =
    ids.assetId !== undefined
      ? isUuid(ids.assetId)
        ? await findUserAsset(db, userId, ids.assetId)
        : undefined
      : isPlaybackId(ids.playbackId!)
        ? await findAssetByPlaybackId(db, ids.playbackId!)
        : undefined;
  const mine =
    row &&
    row.userId === userId &&
    row.status !== "deleting" &&
    (ids.playbackId === undefined || row.playbackId === ids.playbackId);
  if (!mine) throw notFound(ids.assetId !== undefined ? "asset not found" : "no asset of yours has this playbackId");
  return { id: row.id, playbackId: row.playbackId };
}

function refuseUnsupported(query: { streamId?: string; creatorId?: string }) {
  if (query.streamId !== undefined) throw notFound("stream not found: this service has no live streams");
  if (query.creatorId !== undefined) throw badRequest("creatorId: not supported here; filter by assetId or playbackId");
}

function hoursOf(query: { from?: number; to?: number }, now: number) {
  const from = query.from ?? 0;
  const to = query.to ?? now;
  if (from >= to) throw badRequest("from: must be before to");
  return { fromHour: Math.floor(from / HOUR_MS), toHour: Math.ceil(to / HOUR_MS) };
}

/**
 * `GET /api/data/views/query` and `…/query/creator`: the caller's views in Livepeer's shape,
 * per time step and breakdown. The roll-ups are brought up to date first, so a report answered
 * before the query counts in it.
 */
export async function queryViews(
  db: Db,
  userId: string,
  query: ViewsQuery | CreatorViewsQuery,
  now: number,
  options: { quality: boolean },
): Promise<ViewershipMetric[]> {
  refuseUnsupported(query);
  const asset = await ownedAsset(db, userId, {
    assetId: query.assetId,
    playbackId: "playbackId" in query ? query.playbackId : undefined,
  });
  const breakdown: string[] = query["breakdownBy[]"] ?? [];
  await rollUpViews(db, userId);
  const rows = await sumViews(db, {
    userId,
    assetId: asset?.id,
    ...hoursOf(query, now),
    step: query.timeStep,
    byPlaybackId: breakdown.includes("playbackId"),
    dimensions: breakdown.filter((d): d is RollupDimension => d !== "playbackId"),
  });
  return rows.map((row) => viewershipMetric(row, options.quality, asset?.playbackId));
}

/** A row in Livepeer's shape: what has no value is left out (Livepeer's SDK refuses `null`). */
export function viewershipMetric(row: ViewSumsRow, quality: boolean, playbackId?: string): ViewershipMetric {
  const metric: ViewershipMetric = { viewCount: row.views, playtimeMins: row.playtimeMs / 60_000 };
  if (row.timestamp !== undefined) metric.timestamp = row.timestamp;
  const named = row.playbackId ?? playbackId;
  if (named) metric.playbackId = named;
  for (const [dimension, value] of Object.entries(row.values)) if (value) metric[dimension as RollupDimension] = value;
  if (!quality) return metric;
  if (row.ttffViews > 0) metric.ttffMs = row.ttffSumMs / row.ttffViews;
  if (row.playtimeMs > 0) metric.rebufferRatio = row.rebufferMs / row.playtimeMs;
  if (row.views > 0) {
    metric.errorRate = row.erroredViews / row.views;
    metric.exitsBeforeStart = (row.views - row.startedViews) / row.views;
  }
  return metric;
}

/** `GET /api/data/views/now`: views whose player reported in the last 30 s. */
export async function realtimeViews(
  db: Db,
  userId: string,
  query: RealtimeQuery,
  now: number,
): Promise<RealtimeViewership[]> {
  refuseUnsupported(query);
  const asset = await ownedAsset(db, userId, { playbackId: query.playbackId });
  const rows = await countRecentViews(
    db,
    { userId, assetId: asset?.id },
    now - REALTIME_WINDOW_MS,
    query["breakdownBy[]"] ?? [],
  );
  return rows.map(({ viewCount, erroredViews, ...values }) => ({
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value)),
    viewCount,
    errorRate: viewCount > 0 ? erroredViews / viewCount : 0,
  }));
}

/**
 * `GET /api/data/views/query/total/{playbackId}`, open to anyone as the playbackId is: every
 * view of it kept. 404 for an id no asset has.
 */
export async function publicViews(db: Db, playbackId: string, now: number) {
  const asset = isPlaybackId(playbackId) ? await findAssetByPlaybackId(db, playbackId) : undefined;
  if (!asset || asset.status === "deleting") throw notFound("no asset has this playbackId");
  await rollUpViews(db, asset.userId);
  const [row] = await sumViews(db, {
    userId: asset.userId,
    assetId: asset.id,
    fromHour: 0,
    toHour: Math.ceil(now / HOUR_MS) + 1,
    byPlaybackId: false,
    dimensions: [],
  });
  return { playbackId, viewCount: row?.views ?? 0, playtimeMins: (row?.playtimeMs ?? 0) / 60_000 };
}
