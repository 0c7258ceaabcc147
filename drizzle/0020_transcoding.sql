CREATE TABLE "transcode_segments" (
	"asset_id" uuid NOT NULL,
	"ladder" integer NOT NULL,
	"rendition" text NOT NULL,
	"seq" integer NOT NULL,
	"queued_at" bigint NOT NULL,
	"made_at" bigint,
	"lease_owner" text,
	"lease_expires_at" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failed_reason" text,
	CONSTRAINT "transcode_segments_asset_id_ladder_rendition_seq_pk" PRIMARY KEY("asset_id","ladder","rendition","seq")
);
--> statement-breakpoint
DROP INDEX "tasks_user_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_phase_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_type_created_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "profiles" jsonb;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "transcode" jsonb;--> statement-breakpoint
ALTER TABLE "transcode_segments" ADD CONSTRAINT "transcode_segments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcode_segments_to_make_idx" ON "transcode_segments" USING btree ("queued_at","seq") WHERE "transcode_segments"."made_at" is null and "transcode_segments"."failed_reason" is null;--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at","id") WHERE "tasks"."type" in ('upload', 'export', 'transcode-file');--> statement-breakpoint
CREATE INDEX "tasks_user_phase_created_idx" ON "tasks" USING btree ("user_id","phase","created_at","id") WHERE "tasks"."type" in ('upload', 'export', 'transcode-file');--> statement-breakpoint
CREATE INDEX "tasks_user_type_created_idx" ON "tasks" USING btree ("user_id","type","created_at","id") WHERE "tasks"."type" in ('upload', 'export', 'transcode-file');