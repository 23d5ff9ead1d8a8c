-- todo_room: refuses n more todos in a scope they would take past todos_max_per_scope; returns the
-- room. The room is what the scope may still store before these n (the quota less its count; 0 when
-- full or past it). The count is the sum of the scope's rows in scope_todo_counts (filing adds,
-- prune subtracts), finished todos included until retention deletes them: a tenant cannot fill the
-- disk every tenant shares. Reads what is committed, and this transaction's own counts: calls of
-- one scope running at once can pass the quota together by what they file between them. n = 0 only
-- reads. Errors: throttled (DETAIL {"retry_after_seconds": 3600}: the hourly prune frees room, no
-- sooner).
create or replace function switchboard_internal.todo_room(scope_id uuid, n integer)
returns integer
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_cap integer;
  v_stored numeric;
begin
  -- One statement: the setting parsed by int_of as setting_int would, without its nested call (every add pays this);
  -- the sum is stored_todos' and the setting todo_quota's, written out here (a test holds them to one answer).
  select coalesce(sum(c.stored), 0),
         switchboard_internal.int_of((select s.value from switchboard.settings s where s.key = 'todos_max_per_scope'),
                                     1000000, 1, 1000000000)
    into v_stored, v_cap
    from switchboard.scope_todo_counts c where c.scope_id = todo_room.scope_id;
  if n > 0 and v_stored + n > v_cap then
    -- An hour: the worker's prune runs hourly, so room frees no sooner than that unless the operator acts.
    raise exception using
      errcode = 'SB429',
      message = format('throttled: this scope already stores %s todos, its quota (todos_max_per_scope)', v_cap),
      detail = jsonb_build_object('retry_after_seconds', 3600)::text,
      hint = 'Finished todos count until retention deletes them (retention_max_age_days, retention_max_rows); '
             || 'the operator sets both and the quota. Nothing was filed.';
  end if;
  return greatest(v_cap - v_stored, 0)::integer;
end;
$$;
