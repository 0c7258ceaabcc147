CREATE TABLE "signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "playback_policy" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "creator_id" jsonb;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "target_segment_secs" real;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_public_key_idx" ON "signing_keys" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "signing_keys_user_created_idx" ON "signing_keys" USING btree ("user_id","created_at","id");