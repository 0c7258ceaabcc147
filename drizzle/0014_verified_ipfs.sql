ALTER TABLE "assets" ADD COLUMN "cidv1" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "car_size" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sealed_unpin_credentials" text;--> statement-breakpoint
-- Unpin tasks (internal, like webhook deliveries) make no events, and no event carries an export's
-- sealed unpin credentials.
CREATE OR REPLACE FUNCTION vas_task_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type = 'unpin' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM vas_record_event(NEW.user_id, 'task.spawned', jsonb_build_object('task', to_jsonb(NEW) - 'sealed_secrets' - 'sealed_unpin_credentials'));
  ELSIF NEW.phase IS DISTINCT FROM OLD.phase OR NEW.progress_event_at IS DISTINCT FROM OLD.progress_event_at THEN
    PERFORM vas_record_event(
      NEW.user_id,
      CASE WHEN NEW.phase IS NOT DISTINCT FROM OLD.phase THEN 'task.updated'
           WHEN NEW.phase = 'completed' THEN 'task.completed'
           WHEN NEW.phase = 'failed' THEN 'task.failed'
           ELSE 'task.updated' END,
      jsonb_build_object('task', to_jsonb(NEW) - 'sealed_secrets' - 'sealed_unpin_credentials'));
  END IF;
  RETURN NULL;
END
$$;
