-- contract: the constants the SQL API keeps, for DBAs and for the TypeScript generated from them: agent verbs,
-- implied verbs, error kinds with SQLSTATEs and meanings, size and range limits.
create or replace function switchboard.contract()
returns jsonb
language sql
immutable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard_internal.contract();
$$;
comment on function switchboard.contract() is
$$contract() -> {verbs, implied_verbs, errors: [{kind, sqlstate, meaning}], limits}. The constants every surface shares, defined once
in SQL (src/contract.gen.ts is generated from it). Never raises.$$;
