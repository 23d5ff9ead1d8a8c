-- set_instance_dead_letter_sink (worker): switchboard.set_instance_dead_letter_sink, for the background worker's own role
-- (switchboard_worker), which knows from its environment whether the instance has a dead-letter sink.
create or replace function switchboard_worker.set_instance_dead_letter_sink(configured boolean)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.set_instance_dead_letter_sink(configured);
$$;
comment on function switchboard_worker.set_instance_dead_letter_sink(boolean) is
$$set_instance_dead_letter_sink(configured) -> the setting. The worker's SWITCHBOARD_NOTIFY_URL (set or not), written at start. As switchboard.set_instance_dead_letter_sink.$$;
