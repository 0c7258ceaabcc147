CREATE TABLE "playback_view_account_hours" (
	"user_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"playtime_ms" bigint NOT NULL,
	"rebuffer_ms" bigint NOT NULL,
	"ttff_sum_ms" bigint NOT NULL,
	"ttff_views" integer NOT NULL,
	"started_views" integer NOT NULL,
	"errored_views" integer NOT NULL,
	CONSTRAINT "playback_view_account_hours_user_id_dimension_hour_value_pk" PRIMARY KEY("user_id","dimension","hour","value")
);
--> statement-breakpoint
CREATE TABLE "playback_view_hours" (
	"asset_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"user_id" uuid NOT NULL,
	"playback_id" text NOT NULL,
	"views" integer NOT NULL,
	"playtime_ms" bigint NOT NULL,
	"rebuffer_ms" bigint NOT NULL,
	"ttff_sum_ms" bigint NOT NULL,
	"ttff_views" integer NOT NULL,
	"started_views" integer NOT NULL,
	"errored_views" integer NOT NULL,
	CONSTRAINT "playback_view_hours_asset_id_dimension_hour_value_pk" PRIMARY KEY("asset_id","dimension","hour","value")
);
--> statement-breakpoint
CREATE TABLE "playback_view_rollup_queue" (
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	CONSTRAINT "playback_view_rollup_queue_user_id_asset_id_hour_pk" PRIMARY KEY("user_id","asset_id","hour")
);
--> statement-breakpoint
CREATE TABLE "playback_views" (
	"asset_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"playback_id" text NOT NULL,
	"viewer" text NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"hour" integer NOT NULL,
	"started_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"playtime_ms" bigint DEFAULT 0 NOT NULL,
	"waiting_ms" bigint DEFAULT 0 NOT NULL,
	"stalled_ms" bigint DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"ttff_ms" integer,
	"started" boolean DEFAULT false NOT NULL,
	CONSTRAINT "playback_views_asset_id_session_id_pk" PRIMARY KEY("asset_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "playback_view_account_hours" ADD CONSTRAINT "playback_view_account_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_view_hours" ADD CONSTRAINT "playback_view_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_view_rollup_queue" ADD CONSTRAINT "playback_view_rollup_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_views" ADD CONSTRAINT "playback_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_view_account_hours_hour_idx" ON "playback_view_account_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "playback_view_hours_user_idx" ON "playback_view_hours" USING btree ("user_id","dimension","hour");--> statement-breakpoint
CREATE INDEX "playback_view_hours_hour_idx" ON "playback_view_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "playback_views_asset_hour_idx" ON "playback_views" USING btree ("asset_id","hour");--> statement-breakpoint
CREATE INDEX "playback_views_hour_user_idx" ON "playback_views" USING btree ("hour","user_id");--> statement-breakpoint
CREATE INDEX "playback_views_user_seen_idx" ON "playback_views" USING btree ("user_id","last_seen_at");