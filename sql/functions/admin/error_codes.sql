-- error_codes: the one registry of ledger errors. Every surface maps SQLSTATE to kind through it.
create or replace function switchboard.error_codes()
returns table (kind text, sqlstate text, meaning text)
language sql
immutable
security definer
set search_path = switchboard, pg_temp
as $$
  values
    ('not_found', 'SB404', 'No such todo, owner or endpoint in the caller''s scope. An id of another tenant answers exactly the same.'),
    ('conflict',  'SB409', 'The todo is not in a state that allows this, or the caller does not hold its lease (fence included).'),
    ('invalid',   'SB422', 'An argument is malformed or out of range. Nothing was changed.'),
    ('forbidden', 'SB403', 'The endpoint is unknown or revoked, or the verb is not in its frozen verb set.'),
    ('throttled', 'SB429', 'The endpoint''s claim budget is spent (admission control). Nothing was changed; DETAIL holds {"retry_after_seconds": n}: wait, then claim again.')
$$;
comment on function switchboard.error_codes() is
  'The error registry: kind, SQLSTATE and meaning of not_found (SB404), conflict (SB409), invalid (SB422), forbidden (SB403), throttled (SB429). Errors carry a message that starts with the kind and a hint where the caller can act.';
