import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { playbackViewAccountHours, playbackViewHours, playbackViewRollupQueue, playbackViews } from "./schema";
import { selectRows } from "./views";

/** The dimensions a roll-up row may stand for; "" is the row of totals. */
export const ROLLUP_DIMENSIONS = ["browser", "os", "device", "country"] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/** Any number that names the roll-ups among the database's advisory locks (with the user's hash). */
const ROLLUP_LOCK = 7_346_202;

const grouped = (column: RollupDimension) => sql.raw(`grouping(v.${column}) = 0`);
const dimension = sql`CASE ${sql.join(
  ROLLUP_DIMENSIONS.map((d) => sql`WHEN ${grouped(d)} THEN ${d}`),
  sql` `,
)} ELSE '' END`;
const value = sql`CASE ${sql.join(
  ROLLUP_DIMENSIONS.map((d) => sql`WHEN ${grouped(d)} THEN ${sql.raw(`v.${d}`)}`),
  sql` `,
)} ELSE '' END`;
const groupingSets = sql.raw(`GROUPING SETS ((), ${ROLLUP_DIMENSIONS.map((d) => `(v.${d})`).join(", ")})`);

/** What a roll-up row holds, summed from views. */
const sums = sql`count(*)::int, coalesce(sum(v.playtime_ms), 0)::bigint, coalesce(sum(v.waiting_ms + v.stalled_ms), 0)::bigint,
  coalesce(sum(v.ttff_ms), 0)::bigint, count(v.ttff_ms)::int, (count(*) FILTER (WHERE v.started))::int,
  (count(*) FILTER (WHERE v.errors > 0))::int`;
const SUM_COLUMNS = "views, playtime_ms, rebuffer_ms, ttff_sum_ms, ttff_views, started_views, errored_views";
const replaced = sql.raw(
  SUM_COLUMNS.split(", ")
    .map((c) => `${c} = excluded.${c}`)
    .join(", "),
);

/**
 * Brings the user's roll-ups up to date: each (asset, hour) that a report changed since is
 * computed again from its views, and so is the account's row of that hour, in one statement that
 * also empties the user's queue. Computed again, not added to: a report counted twice, a node that
 * died midway or two nodes at once cannot make them drift from the views. One at a time per user
 * (an advisory lock), so an older computation never overwrites a newer one. Returns how many
 * (asset, hour) pairs were computed.
 */
export async function rollUpViews(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK}, hashtext(${userId}))`);
    // A new statement, so its snapshot sees what the lock's previous holder committed.
    const [row] = await selectRows<{ n: number }>(
      tx,
      sql`WITH claimed AS (
          DELETE FROM ${playbackViewRollupQueue} WHERE user_id = ${userId} RETURNING asset_id, hour
        ), asset_rows AS (
          INSERT INTO ${playbackViewHours} AS r (asset_id, hour, dimension, value, user_id, playback_id, ${sql.raw(SUM_COLUMNS)})
          SELECT v.asset_id, v.hour, ${dimension}, ${value}, v.user_id, v.playback_id, ${sums}
          FROM ${playbackViews} v JOIN (SELECT DISTINCT asset_id, hour FROM claimed) c ON v.asset_id = c.asset_id AND v.hour = c.hour
          GROUP BY v.asset_id, v.hour, v.user_id, v.playback_id, ${groupingSets}
          ON CONFLICT (asset_id, hour, dimension, value) DO UPDATE SET ${replaced}
        ), account_rows AS (
          INSERT INTO ${playbackViewAccountHours} AS r (user_id, hour, dimension, value, ${sql.raw(SUM_COLUMNS)})
          SELECT v.user_id, v.hour, ${dimension}, ${value}, ${sums}
          FROM ${playbackViews} v WHERE v.user_id = ${userId} AND v.hour IN (SELECT DISTINCT hour FROM claimed)
          GROUP BY v.user_id, v.hour, ${groupingSets}
          ON CONFLICT (user_id, hour, dimension, value) DO UPDATE SET ${replaced}
        )
        SELECT count(*)::int AS n FROM claimed`,
    );
    return row?.n ?? 0;
  });
}

/** Users whose roll-ups are due, at most `limit`. */
export async function usersWithRollupsDue(db: Db, limit: number): Promise<string[]> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`SELECT DISTINCT user_id FROM ${playbackViewRollupQueue} LIMIT ${limit}`,
  );
  return rows.map((row) => row.user_id);
}

export type TimeStep = "hour" | "day" | "week" | "month" | "year";

/** A query of views over whole hours [fromHour, toHour), of a user or of one of its assets. */
export interface ViewSumsQuery {
  userId: string;
  assetId?: string;
  fromHour: number;
  toHour: number;
  step?: TimeStep;
  byPlaybackId: boolean;
  dimensions: RollupDimension[];
}

export interface ViewSumsRow {
  /** The start of the time step, ms since the epoch (with `step`). */
  timestamp?: number;
  playbackId?: string;
  values: Partial<Record<RollupDimension, string>>;
  views: number;
  playtimeMs: number;
  rebufferMs: number;
  ttffSumMs: number;
  ttffViews: number;
  startedViews: number;
  erroredViews: number;
}

type RawSums = Omit<ViewSumsRow, "values" | "timestamp"> & { timestamp?: number | string } & Partial<
    Record<RollupDimension, string>
  >;

/**
 * The start of the hour's time step (UTC), in ms. Hours and days are whole multiples of the hours
 * since the epoch, so they are integer arithmetic; a 30-day query by day reads thousands of rows,
 * and the calendar functions cost more than the rest of the query.
 */
const bucket = (step: TimeStep) =>
  step === "hour"
    ? sql`(r.hour::bigint * 3600000)`
    : step === "day"
      ? sql`((r.hour / 24)::bigint * 86400000)`
      : sql`(extract(epoch FROM date_trunc(${step}, to_timestamp(r.hour * 3600.0) AT TIME ZONE 'UTC')) * 1000)::bigint`;

/**
 * The statement behind sumViews: from the roll-ups when at most one dimension is asked for (each
 * hour holds one row per value of each dimension), else from the views themselves, which are kept
 * for less long (VIEW_RETENTION_DAYS).
 */
export function viewSumsStatement(query: ViewSumsQuery): SQL {
  const fromRollups = query.dimensions.length <= 1;
  const perAsset = query.assetId !== undefined || query.byPlaybackId;
  const source: SQL = !fromRollups
    ? sql`${playbackViews}`
    : perAsset
      ? sql`${playbackViewHours}`
      : sql`${playbackViewAccountHours}`;
  const keys: SQL[] = [];
  if (query.step) keys.push(sql`${bucket(query.step)} AS "timestamp"`);
  if (query.byPlaybackId) keys.push(sql`r.playback_id AS "playbackId"`);
  if (fromRollups) {
    if (query.dimensions.length === 1) keys.push(sql`r.value AS ${sql.identifier(query.dimensions[0])}`);
  } else {
    for (const d of query.dimensions) keys.push(sql.raw(`r.${d} AS "${d}"`));
  }
  const totals = fromRollups
    ? sql`sum(views)::int AS views, sum(playtime_ms)::bigint AS "playtimeMs", sum(rebuffer_ms)::bigint AS "rebufferMs",
        sum(ttff_sum_ms)::bigint AS "ttffSumMs", sum(ttff_views)::int AS "ttffViews", sum(started_views)::int AS "startedViews",
        sum(errored_views)::int AS "erroredViews"`
    : sql`count(*)::int AS views, sum(playtime_ms)::bigint AS "playtimeMs", sum(waiting_ms + stalled_ms)::bigint AS "rebufferMs",
        coalesce(sum(ttff_ms), 0)::bigint AS "ttffSumMs", count(ttff_ms)::int AS "ttffViews", (count(*) FILTER (WHERE started))::int AS "startedViews",
        (count(*) FILTER (WHERE errors > 0))::int AS "erroredViews"`;
  const scope = query.assetId ? sql`r.asset_id = ${query.assetId}` : sql`r.user_id = ${query.userId}`;
  const onDimension = fromRollups ? sql`AND r.dimension = ${query.dimensions[0] ?? ""}` : sql``;
  // By position: a time step's expression holds a parameter, which GROUP BY could not match by text.
  const groups = keys.map((_, i) => sql.raw(String(i + 1)));
  return sql`SELECT ${sql.join([...keys, totals], sql`, `)}
      FROM ${source} r
      WHERE ${scope} AND r.hour >= ${query.fromHour} AND r.hour < ${query.toHour} ${onDimension}
      ${groups.length ? sql`GROUP BY ${sql.join(groups, sql`, `)}` : sql``}
      HAVING count(*) > 0
      ORDER BY ${sql.join([...(query.step ? [sql`1`] : []), sql`views DESC`], sql`, `)}`;
}

/** Views summed per time step and value (viewSumsStatement). */
export async function sumViews(db: Db, query: ViewSumsQuery): Promise<ViewSumsRow[]> {
  const rows = await selectRows<RawSums>(db, viewSumsStatement(query));
  return rows.map((row) => ({
    timestamp: row.timestamp === undefined ? undefined : Number(row.timestamp),
    playbackId: row.playbackId,
    values: Object.fromEntries(query.dimensions.map((d) => [d, row[d] ?? ""])),
    views: Number(row.views),
    playtimeMs: Number(row.playtimeMs),
    rebufferMs: Number(row.rebufferMs),
    ttffSumMs: Number(row.ttffSumMs),
    ttffViews: Number(row.ttffViews),
    startedViews: Number(row.startedViews),
    erroredViews: Number(row.erroredViews),
  }));
}
