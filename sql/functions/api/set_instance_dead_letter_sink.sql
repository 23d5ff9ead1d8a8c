-- set_instance_dead_letter_sink: whether this instance has a dead-letter sink (SWITCHBOARD_NOTIFY_URL), written
--   by every worker as it starts. The URL lives in the worker's environment, which SQL cannot see; without
--   this setting a dead letter would queue a job for a sink that does not exist. Off (the default), a dead
--   letter queues only the owner's job (when the owner set a notify_url). Returns {instance_dead_letter_sink}.
--   Errors: invalid (configured null).
create or replace function switchboard.set_instance_dead_letter_sink(configured boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  if configured is null then
    perform switchboard_internal.raise('invalid', 'configured must be true or false', null);
  end if;
  insert into switchboard.settings (key, value) values ('instance_dead_letter_sink', configured::text)
  on conflict (key) do update set value = excluded.value
  where switchboard.settings.value is distinct from excluded.value;
  return jsonb_build_object('instance_dead_letter_sink', configured);
end;
$$;
comment on function switchboard.set_instance_dead_letter_sink(boolean) is
$$set_instance_dead_letter_sink(configured) -> {instance_dead_letter_sink}. Written by each worker at start: true when it has
SWITCHBOARD_NOTIFY_URL. Only then does a dead letter queue a job for the instance's sink (ids, queue, counts, outcome; no
tenant text). Errors: invalid (null).$$;
