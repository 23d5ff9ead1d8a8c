-- prune (worker): switchboard.prune for the worker's own role, bounded by the settings. How old and
-- how many terminal todos are kept is the operator's (retention_max_age_days, retention_max_rows),
-- so the worker names only how many to delete in this transaction (1..100000). Returns the number
-- of todos deleted. Errors: invalid (batch_limit out of range).
create or replace function switchboard_worker.prune(batch_limit integer default 1000)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  if batch_limit is null or batch_limit not between 1 and 100000 then
    perform switchboard_internal.raise('invalid', 'batch_limit must be between 1 and 100000', null);
  end if;
  return switchboard.prune(null, null, batch_limit);
end;
$$;
