-- add_owner: registers a human owner, who vends endpoints to agents and signs in to the Board. A
-- new owner has no endpoints yet. Returns {owner_id, handle, created_at}. Errors: invalid (handle
-- not 1-64 of letters, digits, _ . @ -, starting with a letter or digit), conflict (the handle is
-- taken, case-insensitively).
--
-- handle: the owner's sign-in name, unique whatever its case.
--
-- Example: select switchboard.add_owner(handle => 'alice');
create or replace function switchboard.add_owner(handle text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_owner switchboard.owners;
begin
  if handle is null or handle !~ '^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$' then
    perform switchboard_internal.raise('invalid', 'handle must be 1-64 letters, digits, _ . @ or -, starting with a letter or digit', null);
  end if;
  if exists (select 1 from switchboard.owners o where lower(o.handle) = lower(handle)) then
    perform switchboard_internal.raise('conflict', format('the handle %s is taken', handle), 'Choose another handle.');
  end if;
  insert into switchboard.owners (id, handle)
  values (switchboard_internal.shard_id(switchboard_internal.shard_handle_slot(handle)), handle)
  returning * into v_owner;
  return jsonb_build_object('owner_id', v_owner.id, 'handle', v_owner.handle, 'created_at', switchboard_internal.ts(v_owner.created_at));
end;
$$;
