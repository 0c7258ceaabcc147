DROP INDEX "tasks_user_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_phase_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_type_created_idx";--> statement-breakpoint
DROP INDEX "tasks_finished_internal_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "clip_source" jsonb;--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at","id") WHERE "tasks"."type" in ('upload', 'export', 'transcode-file', 'clip');--> statement-breakpoint
CREATE INDEX "tasks_user_phase_created_idx" ON "tasks" USING btree ("user_id","phase","created_at","id") WHERE "tasks"."type" in ('upload', 'export', 'transcode-file', 'clip');--> statement-breakpoint
CREATE INDEX "tasks_user_type_created_idx" ON "tasks" USING btree ("user_id","type","created_at","id") WHERE "tasks"."type" in ('upload', 'export', 'transcode-file', 'clip');--> statement-breakpoint
CREATE INDEX "tasks_finished_internal_idx" ON "tasks" USING btree ("updated_at") WHERE "tasks"."type" in ('webhook', 'unpin', 'storyboard') and "tasks"."phase" in ('completed', 'failed', 'cancelled');