-- find_owner: look an owner up by handle (case-insensitive), for the CLI and the Board's sign-in.
create or replace function switchboard.find_owner(handle text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_owner switchboard.owners;
begin
  select o.* into v_owner from switchboard.owners o where lower(o.handle) = lower(handle);
  if not found then
    perform switchboard_internal.raise('not_found', format('no owner with handle %s', handle), 'Create it with add_owner.');
  end if;
  return jsonb_build_object('owner_id', v_owner.id, 'handle', v_owner.handle, 'created_at', switchboard_internal.ts(v_owner.created_at));
end;
$$;
comment on function switchboard.find_owner(text) is
$$find_owner(handle) -> {owner_id, handle, created_at}. Case-insensitive lookup. Errors: not_found.$$;
