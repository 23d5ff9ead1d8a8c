-- recount_stored_todos: sets each scope's count of stored todos (todos_max_per_scope) to what it
-- stores. The count is kept by the functions that file and prune; a todo deleted or inserted by
-- hand (psql, a restore of some rows) leaves it wrong, and a scope counted too high is refused adds
-- it has room for. Safe while agents add and prune: each commits its todos and its count together,
-- so one snapshot sees both or neither, and the correction is added to the count, not set. A second
-- recount of the same scope waits for the first (the scope's endpoint or team row is locked), then
-- finds nothing to correct. Returns {scopes, corrected, difference}: the scopes checked, how many
-- were wrong, and the sum of what was added to their counts (negative: counted too high). Errors:
-- none.
--
-- scope_id: one scope (an endpoint's id, or a team's); null: every scope that stores a todo or has
--   a count.
--
-- Example: select switchboard.recount_stored_todos();
create or replace function switchboard.recount_stored_todos(scope_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_scope uuid;
  v_diff bigint;
  v_scopes integer := 0;
  v_corrected integer := 0;
  v_total bigint := 0::bigint;
begin
  for v_scope in
    select s.id from (select c.scope_id as id from switchboard.scope_todo_counts c
                      union
                      select x.scope_id from switchboard.todos x) s
     where recount_stored_todos.scope_id is null
    union all
    select recount_stored_todos.scope_id where recount_stored_todos.scope_id is not null
  loop
    -- Two recounts of one scope at once would each add the same correction: the second waits here for the first.
    perform 1 from switchboard.endpoints e where e.id = v_scope for no key update;
    perform 1 from switchboard.teams t where t.id = v_scope for no key update;
    select ((select count(*) from switchboard.todos x where x.scope_id = v_scope)
            - switchboard_internal.stored_todos(v_scope))::bigint
      into v_diff;
    v_scopes := v_scopes + 1;
    if v_diff <> 0 then
      perform switchboard_internal.count_todos(v_scope, v_diff::integer);
      v_corrected := v_corrected + 1;
      v_total := v_total + v_diff;
    end if;
  end loop;
  return jsonb_build_object('scopes', v_scopes, 'corrected', v_corrected, 'difference', v_total);
end;
$$;
