-- webhook_target (worker): switchboard.webhook_target, for the worker's own role
-- (switchboard_worker). That role sweeps and delivers for every tenant but holds none of the admin
-- API. Returns what switchboard.webhook_target returns. Errors: those of
-- switchboard.webhook_target.
create or replace function switchboard_worker.webhook_target(kind text, id uuid)
returns text
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.webhook_target(kind, id);
$$;
