-- set_instance_dead_letter_sink (worker): switchboard.set_instance_dead_letter_sink, for the
-- worker's own role (switchboard_worker). That role sweeps and delivers for every tenant but holds
-- none of the admin API. Returns what switchboard.set_instance_dead_letter_sink returns. Errors:
-- those of switchboard.set_instance_dead_letter_sink.
create or replace function switchboard_worker.set_instance_dead_letter_sink(configured boolean)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.set_instance_dead_letter_sink(configured);
$$;
