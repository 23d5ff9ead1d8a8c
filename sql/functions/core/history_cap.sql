-- history_cap: the per-todo attempt cap, attempt_history_max_per_todo as the reference page defines
-- it. A whole number 0..999999, raised to 5 when below 5; anything else (negative, fractional,
-- text, missing) means 50.
create or replace function switchboard_internal.history_cap()
returns integer
language plpgsql
stable
as $$
-- PL/pgSQL, not LANGUAGE sql: a sql body with a subquery, called from a PL/pgSQL expression (here open_attempt's
-- DECLARE), goes through the full executor and is planned again on every call.
declare
  v text;
begin
  select s.value into v from switchboard.settings s where s.key = 'attempt_history_max_per_todo';
  return case when v ~ '^[0-9]{1,6}$' then greatest(v::integer, 5) else 50 end;
end;
$$;
