-- owner_teams: the teams an owner is a member of, for the Board's Teams page. Each with the owner's
-- role, its members, its team queues and its endpoints with their presence (never a credential).
-- Reads only. Returns what switchboard.list_teams(owner_id) returns: {teams: [{id, name, role,
-- members, queues, endpoints}]}. Errors: none (an owner in no team has none).
--
-- Example: select switchboard.owner_teams(owner_id => '<owner_id>');
create or replace function switchboard.owner_teams(owner_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  -- A null owner would read as "every team" to list_teams: never from here.
  if owner_id is null then
    return jsonb_build_object('teams', '[]'::jsonb, 'todos_max_per_scope', switchboard_internal.todo_quota());
  end if;
  return switchboard.list_teams(owner_id);
end;
$$;
