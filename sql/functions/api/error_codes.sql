-- error_codes: the one registry of ledger errors, one SQLSTATE per kind. not_found (SB404),
-- conflict (SB409), invalid (SB422), forbidden (SB403) and throttled (SB429), as contract() defines
-- them; every surface maps SQLSTATE to kind through it. An error's message starts with its kind,
-- and its hint says what the caller can do. Reads only. Returns rows (kind, sqlstate, meaning).
-- Errors: none.
--
-- Example: select * from switchboard.error_codes();
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
