-- raise: raises a ledger error of one of contract()'s kinds with its SQLSTATE. The message starts
-- with the kind's name; the hint says what the caller can do. Never returns. Errors: the kind asked
-- for: not_found (SB404), conflict (SB409), invalid (SB422), forbidden (SB403) or throttled
-- (SB429).
create or replace function switchboard_internal.raise(kind text, message text, hint text default null)
returns void
language plpgsql
volatile
as $$
-- @plpgsql_check_options: performance_warnings = false
-- (It only raises, so plpgsql_check suggests IMMUTABLE; an immutable call with constant arguments could be
-- folded at plan time and raise in a branch that never runs, so it stays VOLATILE on purpose.)
declare
  v_state text := (select e ->> 'sqlstate' from jsonb_array_elements(switchboard_internal.contract() -> 'errors') e
                    where e ->> 'kind' = raise.kind);
begin
  if v_state is null then
    raise exception 'switchboard_internal.raise: unknown error kind %', kind;
  end if;
  -- No hint, no HINT clause: an empty one still prints a blank "HINT:" line in psql.
  if coalesce(hint, '') = '' then
    raise exception using errcode = v_state, message = kind || ': ' || message;
  end if;
  raise exception using errcode = v_state, message = kind || ': ' || message, hint = hint;
end;
$$;
