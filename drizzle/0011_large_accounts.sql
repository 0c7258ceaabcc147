-- Large accounts (DESIGN.md section 15): an index for every order and filter of the lists, and a
-- trigram index for name search. Indexes only: no table is rewritten. pg_trgm ships with
-- PostgreSQL's contrib and PGlite (lib/db/pglite.ts loads it); it is a trusted extension, so the
-- database's owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tasks_asset_idx";--> statement-breakpoint
DROP INDEX "api_tokens_user_idx";--> statement-breakpoint
DROP INDEX "tasks_user_created_idx";--> statement-breakpoint
CREATE INDEX "assets_user_name_idx" ON "assets" USING btree ("user_id",lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "assets_user_size_idx" ON "assets" USING btree ("user_id",coalesce("size", -1),"id");--> statement-breakpoint
CREATE INDEX "assets_user_status_created_idx" ON "assets" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_user_status_name_idx" ON "assets" USING btree ("user_id","status",lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "assets_user_status_size_idx" ON "assets" USING btree ("user_id","status",coalesce("size", -1),"id");--> statement-breakpoint
CREATE INDEX "assets_name_trgm_idx" ON "assets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_user_phase_created_idx" ON "tasks" USING btree ("user_id","phase","created_at","id") WHERE "tasks"."type" in ('upload', 'export');--> statement-breakpoint
CREATE INDEX "tasks_user_type_created_idx" ON "tasks" USING btree ("user_id","type","created_at","id") WHERE "tasks"."type" in ('upload', 'export');--> statement-breakpoint
CREATE INDEX "tasks_asset_created_idx" ON "tasks" USING btree ("input_asset_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_finished_deliveries_idx" ON "tasks" USING btree ("updated_at") WHERE "tasks"."type" = 'webhook' and "tasks"."phase" in ('completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at","id") WHERE "tasks"."type" in ('upload', 'export');