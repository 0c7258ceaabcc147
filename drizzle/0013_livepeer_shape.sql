ALTER TABLE "api_tokens" ADD COLUMN "response_shape" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "ipfs_on_ready" jsonb;