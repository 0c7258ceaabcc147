import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { preparedStatement } from "./prepared";
import { playbackViewAccountHours, playbackViewHours, playbackViews } from "./schema";

const HOUR_MS = 3_600_000;

/** One player report, reduced to what a view keeps (lib/analytics/session-report.ts). */
export interface ViewReport {
  assetId: string;
  userId: string;
  playbackId: string;
  sessionId: string;
  viewer: string;
  browser: string;
  os: string;
  device: string;
  country: string;
  now: number;
  /** Time played, waiting and stalled since the session's last report, in ms. */
  playtimeMs: number;
  waitingMs: number;
  stalledMs: number;
  errors: number;
  ttffMs: number | null;
  started: boolean;
}

/**
 * A report's times are deltas since the session's previous one, so none can be longer than the
 * time that has passed since then: a hostile player cannot add an hour of playtime in one report.
 * A minute of slack covers clocks and a report that was retried.
 */
const SLACK_MS = 60_000;

const param = (name: keyof ViewReport) => sql.placeholder(name);

/** Adds a delta to a sum, held within the time since the session's last report. */
const addWithin = (column: string, name: keyof ViewReport) =>
  sql`${sql.raw(`v.${column}`)} + least(${param(name)}::bigint, greatest(${param("now")}::bigint - v.last_seen_at, 0) + ${SLACK_MS})`;

const updates = sql`
  last_seen_at = greatest(v.last_seen_at, ${param("now")}::bigint),
  playtime_ms = ${addWithin("playtime_ms", "playtimeMs")},
  waiting_ms = ${addWithin("waiting_ms", "waitingMs")},
  stalled_ms = ${addWithin("stalled_ms", "stalledMs")},
  errors = v.errors + ${param("errors")}::int,
  ttff_ms = coalesce(v.ttff_ms, ${param("ttffMs")}::int),
  started = v.started or ${param("started")}::boolean`;

/** Marks the roll-ups of the view's hour as due, in the same statement (lib/db/view-rollups.ts). */
function recordedAndQueued(db: Db, change: SQL, name: string) {
  const recorded = db.$with("recorded_view", {}).as(change);
  const queued = db.$with("queued", {}).as(sql`
    INSERT INTO playback_view_rollup_queue (user_id, asset_id, hour) SELECT user_id, asset_id, hour FROM recorded_view
    ON CONFLICT DO NOTHING`);
  return db
    .with(recorded, queued)
    .select({ recorded: sql<number>`count(*)::int` })
    .from(sql`recorded_view`)
    .prepare(name);
}

/** A report that shows play intent: the view is created by its first one, and adds up the next ones. */
const upsertView = preparedStatement((db) =>
  recordedAndQueued(
    db,
    sql`INSERT INTO ${playbackViews} AS v (asset_id, session_id, user_id, playback_id, viewer, browser, os, device, country,
        hour, started_at, last_seen_at, playtime_ms, waiting_ms, stalled_ms, errors, ttff_ms, started)
      VALUES (${param("assetId")}::uuid, ${param("sessionId")}, ${param("userId")}::uuid, ${param("playbackId")}, ${param("viewer")},
        ${param("browser")}, ${param("os")}, ${param("device")}, ${param("country")},
        floor(${param("now")}::bigint / ${HOUR_MS})::int, ${param("now")}::bigint, ${param("now")}::bigint,
        least(${param("playtimeMs")}::bigint, ${SLACK_MS}), least(${param("waitingMs")}::bigint, ${SLACK_MS}),
        least(${param("stalledMs")}::bigint, ${SLACK_MS}), ${param("errors")}::int, ${param("ttffMs")}::int, ${param("started")}::boolean)
      ON CONFLICT (asset_id, session_id) DO UPDATE SET ${updates}
      RETURNING v.user_id, v.asset_id, v.hour`,
    "upsert_playback_view",
  ),
);

/** A report without play intent counts only for a session that already is a view. */
const updateView = preparedStatement((db) =>
  recordedAndQueued(
    db,
    sql`UPDATE ${playbackViews} AS v SET ${updates}
      WHERE v.asset_id = ${param("assetId")}::uuid AND v.session_id = ${param("sessionId")}
      RETURNING v.user_id, v.asset_id, v.hour`,
    "update_playback_view",
  ),
);

/**
 * Records a report in one statement: the view and the roll-up queue. Returns whether a view was
 * created or changed (a report without play intent, of a session that never had any, is not).
 */
export async function recordViewReport(db: Db, report: ViewReport, intent: boolean): Promise<boolean> {
  const statement = intent ? upsertView(db) : updateView(db);
  const [row] = await statement.execute({ ...report });
  return (row?.recorded ?? 0) > 0;
}

export interface RealtimeRow {
  playbackId?: string;
  device?: string;
  browser?: string;
  country?: string;
  viewCount: number;
  erroredViews: number;
}

export type RealtimeDimension = "playbackId" | "device" | "browser" | "country";

const REALTIME_COLUMNS: Record<RealtimeDimension, string> = {
  playbackId: "playback_id",
  device: "device",
  browser: "browser",
  country: "country",
};

/** Views heard from since `since`, per value of `breakdown` (of the user, or of one asset). */
export async function countRecentViews(
  db: Db,
  scope: { userId: string; assetId?: string },
  since: number,
  breakdown: RealtimeDimension[],
): Promise<RealtimeRow[]> {
  const columns = breakdown.map(
    (dimension) => sql`${sql.raw(REALTIME_COLUMNS[dimension])} AS ${sql.identifier(dimension)}`,
  );
  const groups = breakdown.map((dimension) => sql.raw(REALTIME_COLUMNS[dimension]));
  const rows = await selectRows<RealtimeRow>(
    db,
    sql`SELECT ${sql.join([...columns, sql`count(*)::int AS "viewCount"`, sql`(count(*) FILTER (WHERE errors > 0))::int AS "erroredViews"`], sql`, `)}
      FROM ${playbackViews}
      WHERE user_id = ${scope.userId} AND last_seen_at >= ${since}
        ${scope.assetId ? sql`AND asset_id = ${scope.assetId}` : sql``}
      ${groups.length ? sql`GROUP BY ${sql.join(groups, sql`, `)} ORDER BY count(*) DESC` : sql``}`,
  );
  return rows;
}

/** The median time to first frame of the asset's views that started from `fromHour` on, in ms; undefined when none reported one. */
export async function medianTtff(db: Db, assetId: string, fromHour: number): Promise<number | undefined> {
  const [row] = await selectRows<{ median: number | null }>(
    db,
    sql`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ttff_ms) AS median
      FROM ${playbackViews} WHERE asset_id = ${assetId} AND hour >= ${fromHour} AND ttff_ms IS NOT NULL`,
  );
  return row?.median === null || row?.median === undefined ? undefined : Math.round(Number(row.median));
}

/**
 * Deletes views that started before `viewsBeforeHour` and roll-ups before `rollupsBeforeHour`, at
 * most `batch` rows of each table per call; returns how many went.
 */
export async function pruneViews(
  db: Db,
  viewsBeforeHour: number,
  rollupsBeforeHour: number,
  batch: number,
): Promise<number> {
  const counts = await Promise.all([
    deleteBefore(db, sql`${playbackViews}`, sql`asset_id, session_id`, viewsBeforeHour, batch),
    deleteBefore(db, sql`${playbackViewHours}`, sql`asset_id, hour, dimension, value`, rollupsBeforeHour, batch),
    deleteBefore(db, sql`${playbackViewAccountHours}`, sql`user_id, hour, dimension, value`, rollupsBeforeHour, batch),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

async function deleteBefore(db: Db, table: SQL, key: SQL, beforeHour: number, batch: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`WITH gone AS (
        DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE hour < ${beforeHour} LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}

/** The rows of a statement: postgres.js answers them as an array, PGlite as an object holding them. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}
