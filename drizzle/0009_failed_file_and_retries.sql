ALTER TABLE "assets" ADD COLUMN "detected_format" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "retried_at" bigint;