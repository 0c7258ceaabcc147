-- Every asset's insert and status change added to one row per user (and one per user and day),
-- so concurrent uploads of one account queued on that row's lock until each commit: a third of
-- request-upload's throughput at 50 clients. Each database connection now adds to its own shard
-- of the user's rows; readers sum the shards (at most 16 rows). Both tables hold a row or a few
-- per user and day, so changing their keys rewrites little.
ALTER TABLE "usage_days" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_days" DROP CONSTRAINT "usage_days_user_id_day_pk";--> statement-breakpoint
ALTER TABLE "usage_totals" DROP CONSTRAINT "usage_totals_pkey";--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_user_id_day_shard_pk" PRIMARY KEY("user_id","day","shard");--> statement-breakpoint
ALTER TABLE "usage_totals" ADD CONSTRAINT "usage_totals_user_id_shard_pk" PRIMARY KEY("user_id","shard");--> statement-breakpoint
-- A connection runs one transaction at a time, so its own shard is never locked by another's
-- (unless two connections' ids agree modulo 16: then they share a row, as all did before).
CREATE FUNCTION vas_usage_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vas_usage_totals_delta(owner uuid, waiting bigint, processing bigint, ready bigint, failed bigint, bytes bigint, duration_ms bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO usage_totals AS t (user_id, shard, waiting, processing, ready, failed, bytes, duration_ms)
  VALUES ($1, vas_usage_shard(), $2, $3, $4, $5, $6, $7)
  ON CONFLICT (user_id, shard) DO UPDATE SET
    waiting = t.waiting + excluded.waiting, processing = t.processing + excluded.processing,
    ready = t.ready + excluded.ready, failed = t.failed + excluded.failed,
    bytes = t.bytes + excluded.bytes, duration_ms = t.duration_ms + excluded.duration_ms
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vas_usage_assets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Users in order, so that two statements never wait on each other's rows in a cycle.
  PERFORM vas_usage_totals_delta(user_id, waiting, processing, ready, failed, bytes, duration_ms) FROM (
    SELECT user_id,
      count(*) FILTER (WHERE status = 'waiting') AS waiting, count(*) FILTER (WHERE status = 'processing') AS processing,
      count(*) FILTER (WHERE status = 'ready') AS ready, count(*) FILTER (WHERE status = 'failed') AS failed,
      coalesce(sum(size), 0)::bigint AS bytes, coalesce(sum(vas_asset_duration_ms(video_spec)), 0)::bigint AS duration_ms
    FROM inserted WHERE status <> 'deleting' GROUP BY user_id ORDER BY user_id
  ) AS added;
  INSERT INTO usage_days AS d (user_id, day, shard, uploads)
  SELECT user_id, (created_at / 86400000)::int, vas_usage_shard(), count(*) FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, day, shard) DO UPDATE SET uploads = d.uploads + excluded.uploads;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates only: a user being deleted (whose rows may be gone already) must not get a new one. So
-- the removal is taken from one row the user has: this connection's shard when it has one.
CREATE OR REPLACE FUNCTION vas_usage_assets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_totals AS t SET
    waiting = t.waiting - r.waiting, processing = t.processing - r.processing, ready = t.ready - r.ready,
    failed = t.failed - r.failed, bytes = t.bytes - r.bytes, duration_ms = t.duration_ms - r.duration_ms
  FROM (
    SELECT user_id,
      count(*) FILTER (WHERE status = 'waiting') AS waiting, count(*) FILTER (WHERE status = 'processing') AS processing,
      count(*) FILTER (WHERE status = 'ready') AS ready, count(*) FILTER (WHERE status = 'failed') AS failed,
      coalesce(sum(size), 0)::bigint AS bytes, coalesce(sum(vas_asset_duration_ms(video_spec)), 0)::bigint AS duration_ms
    FROM removed WHERE status <> 'deleting' GROUP BY user_id
  ) AS r
  WHERE t.user_id = r.user_id AND t.shard = (
    SELECT s.shard FROM usage_totals AS s WHERE s.user_id = r.user_id ORDER BY s.shard = vas_usage_shard() DESC, s.shard LIMIT 1
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vas_recount_usage(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM usage_totals WHERE user_id = owner;
  UPDATE usage_days SET uploads = 0 WHERE user_id = owner;
  PERFORM vas_usage_totals_delta(owner, waiting, processing, ready, failed, bytes, duration_ms) FROM (
    SELECT
      count(*) FILTER (WHERE status = 'waiting') AS waiting, count(*) FILTER (WHERE status = 'processing') AS processing,
      count(*) FILTER (WHERE status = 'ready') AS ready, count(*) FILTER (WHERE status = 'failed') AS failed,
      coalesce(sum(size), 0)::bigint AS bytes, coalesce(sum(vas_asset_duration_ms(video_spec)), 0)::bigint AS duration_ms
    FROM assets WHERE user_id = owner AND status <> 'deleting'
  ) AS counted;
  INSERT INTO usage_days (user_id, day, shard, uploads)
  SELECT owner, (created_at / 86400000)::int, vas_usage_shard(), count(*) FROM assets WHERE user_id = owner GROUP BY 2
  ON CONFLICT (user_id, day, shard) DO UPDATE SET uploads = excluded.uploads;
END
$$;
