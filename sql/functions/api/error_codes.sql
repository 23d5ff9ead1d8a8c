-- error_codes: the one registry of ledger errors. Every surface maps SQLSTATE to kind through it.
create or replace function switchboard.error_codes()
returns table (kind text, sqlstate text, meaning text)
language sql
immutable
security definer
set search_path = switchboard, pg_temp
as $$
  select e ->> 'kind', e ->> 'sqlstate', e ->> 'meaning'
    from jsonb_array_elements(switchboard_internal.contract() -> 'errors') e
$$;
comment on function switchboard.error_codes() is
$$error_codes() -> table (kind, sqlstate, meaning). The error registry, as switchboard.contract() defines it: not_found (SB404), conflict
(SB409), invalid (SB422), forbidden (SB403), throttled (SB429). Errors carry a message that starts with the kind and a hint where the
caller can act. Never raises.$$;
