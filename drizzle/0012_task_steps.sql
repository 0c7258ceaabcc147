CREATE TABLE "task_steps" (
	"task_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"result" jsonb NOT NULL,
	"completed_at" bigint NOT NULL,
	CONSTRAINT "task_steps_task_id_step_id_pk" PRIMARY KEY("task_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "task_steps" ADD CONSTRAINT "task_steps_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;