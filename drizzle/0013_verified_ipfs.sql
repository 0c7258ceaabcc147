ALTER TABLE "assets" ADD COLUMN "cidv1" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "car_size" bigint;