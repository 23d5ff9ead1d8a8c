-- prune: retention: deletes terminal todos by age and by count, their attempts with them. Terminal
-- todos (done, canceled, dead letters) whose last change is older than max_age, and the oldest
-- terminal todos beyond the newest max_rows; live todos (pending, claimed, failed awaiting a retry)
-- are never touched. At most batch_limit todos per call, skipping locked rows, so a worker prunes
-- in short transactions. Each deleted todo leaves its scope's count (todos_max_per_scope). Returns
-- the number of todos deleted. Errors: invalid (a negative max_age or max_rows, batch_limit below
-- 1).
--
-- max_age: null: the setting retention_max_age_days (30 days).
-- max_rows: null: the setting retention_max_rows (unset: no cap).
--
-- Example: select switchboard.prune(max_age => interval '7 days', batch_limit => 1000);
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
  ), gone as (
    delete from switchboard.todos x using doomed d where x.id = d.id returning x.scope_id
  )
  select switchboard_internal.uncount_todos(array_agg(g.scope_id)) into v_deleted from gone g;

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
    , gone as (
      delete from switchboard.todos x using doomed d where x.id = d.id returning x.scope_id
    )
    select switchboard_internal.uncount_todos(array_agg(g.scope_id)) into v_more from gone g;
    v_deleted := v_deleted + v_more;
  end if;
  return v_deleted;
end;
$$;
