CREATE TABLE "text_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"text_type" text NOT NULL,
	"language_code" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_tracks" ADD CONSTRAINT "text_tracks_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_tracks_asset_created_idx" ON "text_tracks" USING btree ("asset_id","created_at","id");