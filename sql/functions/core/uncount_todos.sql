-- uncount_todos: takes deleted todos off their scopes' counts (scope_todo_counts); returns how
-- many. scope_ids holds one element per deleted todo (null: none). Subtracts in this backend's row
-- of each scope, as add_todo adds in its own, so the sum stays the scope's count.
create or replace function switchboard_internal.uncount_todos(scope_ids uuid[])
returns integer
language sql
volatile
as $$
  with counted as (
    select s.scope_id, count(*) as n from unnest(scope_ids) as s(scope_id) group by s.scope_id
  ), written as (
    insert into switchboard.scope_todo_counts as c (scope_id, shard, stored)
    select k.scope_id, (pg_backend_pid() % 16)::smallint, -k.n from counted k
    on conflict (scope_id, shard) do update set stored = c.stored + excluded.stored
  )
  select coalesce(sum(k.n), 0)::integer from counted k
$$;
