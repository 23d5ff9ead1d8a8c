-- set_instance_dead_letter_sink: records whether this instance's workers have a dead-letter sink.
-- Every worker writes it as it starts: true when it has SWITCHBOARD_NOTIFY_URL. The URL lives in
-- the worker's environment, which SQL cannot see; only while this says true does a dead letter
-- queue a job for the instance's sink, besides the owner's. Returns {instance_dead_letter_sink}.
-- Errors: invalid (configured null).
--
-- configured: whether the starting worker has SWITCHBOARD_NOTIFY_URL.
--
-- Example: select switchboard.set_instance_dead_letter_sink(configured => true);
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
