-- A delivery task now carries a list of events for its webhook; unfinished ones of one event each get a list of one.
UPDATE tasks
SET params = jsonb_build_object('webhook', jsonb_build_object(
  'webhookId', params -> 'webhook' -> 'webhookId',
  'eventIds', jsonb_build_array(params -> 'webhook' -> 'eventId')))
WHERE type = 'webhook' AND params -> 'webhook' ? 'eventId';
