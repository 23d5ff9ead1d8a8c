-- find_owner: looks an owner up by handle, whatever its case. Reads only. Returns {owner_id,
-- handle, created_at}. Errors: not_found (no owner with that handle).
--
-- handle: the owner's sign-in name.
--
-- Example: select switchboard.find_owner(handle => 'alice');
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
