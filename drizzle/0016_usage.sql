CREATE TABLE "usage_days" (
	"user_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	"delivered_bytes" bigint DEFAULT 0 NOT NULL,
	"delivered_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"waiting" bigint DEFAULT 0 NOT NULL,
	"processing" bigint DEFAULT 0 NOT NULL,
	"ready" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_totals" ADD CONSTRAINT "usage_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The overview's totals (GET /api/usage), kept in the same transaction as every change of an
-- asset, whatever code made it, so that reading them costs one row and not a scan of the account.
-- Statement-level triggers with transition tables: a statement changing many rows (a bulk insert,
-- a user's deletion) updates each user's row once, not once per asset. A row counts when the API
-- lists its asset (every status but `deleting`); its duration in whole milliseconds.
CREATE FUNCTION vas_usage_totals_delta(owner uuid, waiting bigint, processing bigint, ready bigint, failed bigint, bytes bigint, duration_ms bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO usage_totals AS t (user_id, waiting, processing, ready, failed, bytes, duration_ms)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (user_id) DO UPDATE SET
    waiting = t.waiting + excluded.waiting, processing = t.processing + excluded.processing,
    ready = t.ready + excluded.ready, failed = t.failed + excluded.failed,
    bytes = t.bytes + excluded.bytes, duration_ms = t.duration_ms + excluded.duration_ms
$$;
--> statement-breakpoint
CREATE FUNCTION vas_asset_duration_ms(video_spec jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT round((video_spec->>'duration')::float8 * 1000)::bigint
$$;
--> statement-breakpoint
CREATE FUNCTION vas_usage_assets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Users in order, so that two statements never wait on each other's rows in a cycle.
  PERFORM vas_usage_totals_delta(user_id, waiting, processing, ready, failed, bytes, duration_ms) FROM (
    SELECT user_id,
      count(*) FILTER (WHERE status = 'waiting') AS waiting, count(*) FILTER (WHERE status = 'processing') AS processing,
      count(*) FILTER (WHERE status = 'ready') AS ready, count(*) FILTER (WHERE status = 'failed') AS failed,
      coalesce(sum(size), 0)::bigint AS bytes, coalesce(sum(vas_asset_duration_ms(video_spec)), 0)::bigint AS duration_ms
    FROM inserted WHERE status <> 'deleting' GROUP BY user_id ORDER BY user_id
  ) AS added;
  INSERT INTO usage_days AS d (user_id, day, uploads)
  SELECT user_id, (created_at / 86400000)::int, count(*) FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE SET uploads = d.uploads + excluded.uploads;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_usage_inserted AFTER INSERT ON assets
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION vas_usage_assets_inserted();
--> statement-breakpoint
-- Most updates (leases, claims, names) change nothing counted: they add rows of zeros, skipped.
CREATE FUNCTION vas_usage_assets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vas_usage_totals_delta(user_id, waiting, processing, ready, failed, bytes, duration_ms) FROM (
    SELECT user_id,
      coalesce(sum(sign) FILTER (WHERE status = 'waiting'), 0) AS waiting, coalesce(sum(sign) FILTER (WHERE status = 'processing'), 0) AS processing,
      coalesce(sum(sign) FILTER (WHERE status = 'ready'), 0) AS ready, coalesce(sum(sign) FILTER (WHERE status = 'failed'), 0) AS failed,
      coalesce(sum(sign * size), 0)::bigint AS bytes, coalesce(sum(sign * vas_asset_duration_ms(video_spec)), 0)::bigint AS duration_ms
    FROM (
      SELECT user_id, status, size, video_spec, 1 AS sign FROM after_rows
      UNION ALL
      SELECT user_id, status, size, video_spec, -1 FROM before_rows
    ) AS changes
    WHERE status <> 'deleting' GROUP BY user_id ORDER BY user_id
  ) AS delta
  WHERE (waiting, processing, ready, failed, bytes, duration_ms) <> (0, 0, 0, 0, 0, 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_usage_updated AFTER UPDATE ON assets
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION vas_usage_assets_updated();
--> statement-breakpoint
-- Updates only: a user being deleted (whose row may be gone already) must not get a new one.
CREATE FUNCTION vas_usage_assets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WHERE t.user_id = r.user_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_usage_deleted AFTER DELETE ON assets
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION vas_usage_assets_deleted();
--> statement-breakpoint
-- One user's totals and uploads per day as the assets table says now (deliveries are kept): the
-- backfill below, and rows written with triggers off (the bench's seed).
CREATE FUNCTION vas_recount_usage(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO usage_days (user_id, day, uploads)
  SELECT owner, (created_at / 86400000)::int, count(*) FROM assets WHERE user_id = owner GROUP BY 2
  ON CONFLICT (user_id, day) DO UPDATE SET uploads = excluded.uploads;
END
$$;
--> statement-breakpoint
-- No asset may change between the triggers' creation and the backfill (other nodes wait: the
-- backfill reads each user's assets once, a few seconds for millions).
LOCK TABLE assets IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT vas_recount_usage(id) FROM users;
