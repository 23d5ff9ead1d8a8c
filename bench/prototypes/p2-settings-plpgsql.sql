-- Prototype P2: the two settings readers on the claim/complete path as PL/pgSQL, same rules.
-- Why: a LANGUAGE sql function whose body is a subquery, called from a PL/pgSQL expression, is inlined into a
-- non-simple expression that PL/pgSQL runs through the full executor on every call; the plpgsql_check profiler
-- put _history_cap() (the DECLARE of _open_attempt) and _setting_bool() (in _end_attempt) among the costliest
-- lines of a cycle. As PL/pgSQL functions they are called on PL/pgSQL's fast path and their SELECT is a cached plan.
create or replace function switchboard_internal.history_cap()
returns integer
language plpgsql
stable
as $$
declare
  v text;
begin
  select s.value into v from switchboard.settings s where s.key = 'attempt_history_max_per_todo';
  return case when v ~ '^[0-9]{1,6}$' then greatest(v::integer, 5) else 50 end;
end;
$$;
create or replace function switchboard_internal.setting_bool(setting_key text)
returns boolean
language plpgsql
stable
as $$
declare
  v text;
begin
  select s.value into v from switchboard.settings s where s.key = setting_key;
  return coalesce(lower(trim(v)) in ('true', 'on', 'yes', '1'), false);
end;
$$;
