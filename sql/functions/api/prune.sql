-- prune: retention. Deletes terminal todos (done, canceled, dead letters) whose last change is older than
--   max_age, and the oldest terminal todos beyond the newest max_rows; attempts go with them by cascade.
--   Live todos (pending, claimed, failed awaiting a retry) are never touched. null arguments mean the
--   settings retention_max_age_days (30) and retention_max_rows (unset: no row cap). At most batch_limit
--   todos per call (null: all), skipping locked rows, so a worker can prune in short transactions.
--   Returns the number of todos deleted. Errors: invalid (negative max_age, max_rows or batch_limit < 1).
create or replace function switchboard.prune(max_age interval default null, max_rows bigint default null, batch_limit integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_age interval := coalesce(max_age, make_interval(days => switchboard_internal.setting_int('retention_max_age_days', 30, 0, 36500)));
  v_rows bigint := coalesce(max_rows, switchboard_internal.setting_int('retention_max_rows', null, 0, 2147483647));
  v_deleted integer := 0;
  v_more integer;
begin
  if v_age < interval '0' or v_rows < 0 or batch_limit < 1 then
    perform switchboard_internal.raise('invalid', 'max_age and max_rows must not be negative, batch_limit must be at least 1', null);
  end if;
  with doomed as (
    select x.id from switchboard.todos x
     where (x.state in ('done', 'canceled') or (x.state = 'failed' and x.next_retry_at is null))
       and x.updated_at < now() - v_age
     order by x.updated_at
     limit batch_limit
     for update skip locked
  )
  delete from switchboard.todos x using doomed d where x.id = d.id;
  get diagnostics v_deleted = row_count;

  if v_rows is not null and (batch_limit is null or v_deleted < batch_limit) then
    with ranked as (
      select x.id from switchboard.todos x
       where (x.state in ('done', 'canceled') or (x.state = 'failed' and x.next_retry_at is null))
       order by x.updated_at desc, x.id desc
       offset v_rows
    ), doomed as (
      select x.id from switchboard.todos x
       where x.id in (select r.id from ranked r)
       limit case when batch_limit is null then null else batch_limit - v_deleted end
       for update skip locked
    )
    delete from switchboard.todos x using doomed d where x.id = d.id;
    get diagnostics v_more = row_count;
    v_deleted := v_deleted + v_more;
  end if;
  return v_deleted;
end;
$$;
comment on function switchboard.prune(interval, bigint, integer) is
$$prune(max_age, max_rows, batch_limit) -> todos deleted. Retention: terminal todos (done, canceled, dead letters) older than
max_age (default setting retention_max_age_days, 30) or beyond the newest max_rows (default setting retention_max_rows, unset =
no cap); their attempts go by cascade. Live todos and their attempts are never pruned. Errors: invalid (negative limits).$$;
