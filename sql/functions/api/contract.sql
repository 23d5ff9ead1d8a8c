-- contract: the constants every surface shares, defined once in SQL. Agent verbs in their canonical
-- order, the verbs another verb implies (list_todos grants get_todo), the error kinds with their
-- SQLSTATEs and meanings, and the size and range limits; src/contract.gen.ts is generated from it.
-- Reads only. Returns {verbs, implied_verbs, errors: [{kind, sqlstate, meaning}], limits}. Errors:
-- none.
--
-- Example: select switchboard.contract() -> 'limits';
create or replace function switchboard.contract()
returns jsonb
language sql
immutable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard_internal.contract();
$$;
