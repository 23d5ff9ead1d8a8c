-- webhook_target (worker): switchboard.webhook_target, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
create or replace function switchboard_worker.webhook_target(kind text, id uuid)
returns text
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.webhook_target(kind, id);
$$;
comment on function switchboard_worker.webhook_target(text, uuid) is
$$webhook_target(kind, id) -> url or null. Where a queued webhook job delivers: an owner's notify_url or an endpoint's doorbell_url. As switchboard.webhook_target.$$;
