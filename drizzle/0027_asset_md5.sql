DROP INDEX "assets_without_cid_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "md5" text;--> statement-breakpoint
CREATE INDEX "assets_without_digests_idx" ON "assets" USING btree ("id") WHERE "assets"."status" = 'ready' and ("assets"."cidv1" is null or "assets"."md5" is null) and "assets"."sha256" is not null;