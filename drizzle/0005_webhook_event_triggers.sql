-- The transactional outbox of webhooks: every change of an asset or a task (of a user with an
-- enabled webhook) records its event in the same transaction as the change, whatever code made it.
CREATE FUNCTION vas_now_ms() RETURNS bigint LANGUAGE sql AS $$
  SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;
--> statement-breakpoint
CREATE FUNCTION vas_record_event(owner uuid, event_type text, subject jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF event_type IS NULL OR NOT EXISTS (SELECT 1 FROM webhooks WHERE user_id = owner AND NOT disabled) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_events (user_id, type, subject, created_at) VALUES (owner, event_type, subject, vas_now_ms());
  PERFORM pg_notify('vas_webhook_events', '');
END
$$;
--> statement-breakpoint
CREATE FUNCTION vas_asset_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vas_record_event(NEW.user_id, 'asset.created', jsonb_build_object('asset', to_jsonb(NEW)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vas_record_event(OLD.user_id, 'asset.deleted', jsonb_build_object('asset', to_jsonb(OLD)));
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM vas_record_event(
      NEW.user_id,
      CASE WHEN NEW.status IS NOT DISTINCT FROM OLD.status THEN 'asset.updated'
           WHEN NEW.status = 'ready' THEN 'asset.ready'
           WHEN NEW.status = 'failed' THEN 'asset.failed'
           ELSE 'asset.updated' END,
      jsonb_build_object('asset', to_jsonb(NEW)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_webhook_events AFTER INSERT OR UPDATE OR DELETE ON assets
  FOR EACH ROW EXECUTE FUNCTION vas_asset_events();
--> statement-breakpoint
-- Progress changes make a task.updated event at most every 5 s per task.
CREATE FUNCTION vas_task_progress_event_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.progress <> OLD.progress AND NEW.phase = OLD.phase
     AND (OLD.progress_event_at IS NULL OR vas_now_ms() - OLD.progress_event_at >= 5000) THEN
    NEW.progress_event_at := vas_now_ms();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_progress_event_time BEFORE UPDATE ON tasks
  FOR EACH ROW WHEN (NEW.type <> 'webhook') EXECUTE FUNCTION vas_task_progress_event_time();
--> statement-breakpoint
-- Deliveries (type webhook) make no events: a delivery of an event must not make another.
CREATE FUNCTION vas_task_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vas_record_event(NEW.user_id, 'task.spawned', jsonb_build_object('task', to_jsonb(NEW) - 'sealed_secrets'));
  ELSIF NEW.phase IS DISTINCT FROM OLD.phase OR NEW.progress_event_at IS DISTINCT FROM OLD.progress_event_at THEN
    PERFORM vas_record_event(
      NEW.user_id,
      CASE WHEN NEW.phase IS NOT DISTINCT FROM OLD.phase THEN 'task.updated'
           WHEN NEW.phase = 'completed' THEN 'task.completed'
           WHEN NEW.phase = 'failed' THEN 'task.failed'
           ELSE 'task.updated' END,
      jsonb_build_object('task', to_jsonb(NEW) - 'sealed_secrets'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_webhook_events AFTER INSERT OR UPDATE ON tasks
  FOR EACH ROW WHEN (NEW.type <> 'webhook') EXECUTE FUNCTION vas_task_events();
