-- _history_cap: attempt_history_max_per_todo as the reference page defines it: a whole number 0..999999,
-- raised to 5 when below 5; anything else (negative, fractional, text, missing) means 50.
create or replace function switchboard._history_cap()
returns integer
language sql
stable
as $$
  select case when v ~ '^[0-9]{1,6}$' then greatest(v::integer, 5) else 50 end
  from (select (select s.value from switchboard.settings s where s.key = 'attempt_history_max_per_todo') as v) x
$$;
comment on function switchboard._history_cap() is
  'Internal. The per-todo attempt cap: attempt_history_max_per_todo, below 5 raised to 5, not a whole number 0-999999 means 50.';
