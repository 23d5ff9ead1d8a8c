-- run_schedules (worker): switchboard.run_schedules, for the worker's own role
-- (switchboard_worker). Returns what switchboard.run_schedules returns. Errors: those of
-- switchboard.run_schedules.
create or replace function switchboard_worker.run_schedules()
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.run_schedules(now());
$$;
