-- todo_quota: the setting todos_max_per_scope: how many todos a scope may store. 1,000,000 unless
-- set to a whole number in 1..1,000,000,000. For the lists that show it beside what each scope
-- stores. todo_room writes the same reading out in its own statement, since every add pays for it
-- and a SQL function with a subquery is never inlined; a test holds the two to one answer.
create or replace function switchboard_internal.todo_quota()
returns integer
language sql
stable
as $$
  select switchboard_internal.int_of((select s.value from switchboard.settings s where s.key = 'todos_max_per_scope'),
                                     1000000, 1, 1000000000)
$$;
