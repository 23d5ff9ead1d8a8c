--! Previous: sha1:2e6d8abc616495b7086061ae9cd2e8c41723e291
--! Hash: sha1:4813438c02ac9db339cebe249da731ace6f6cf0e
--! Message: each scope counts the todos it stores, so add_todo can refuse one more past todos_max_per_scope

-- A tenant could store todos without end: add_todo, add_todos, a2a_send and the schedules file as fast as the request
-- limits allow, and a finished todo stays until retention deletes it (30 days by default), so one tenant could fill the
-- disk every tenant shares. Each scope (an endpoint's own todos, or a team's) now counts what it stores, and add_todo
-- refuses one more past the setting todos_max_per_scope. The count is kept in a few rows per scope (by the writing
-- backend, as attempt_close_counts is), so a scope's concurrent adds never wait for one another: add_todo adds to its
-- row after the insert, prune subtracts what it deletes, and the scope's count is the sum of its rows. The
-- claim/complete cycle never touches the table (it neither files nor deletes).
create table switchboard.scope_todo_counts (
  scope_id uuid not null,
  shard smallint not null,
  stored bigint not null,
  primary key (scope_id, shard)
);
comment on table switchboard.scope_todo_counts is
  'How many todos each scope (todos.scope_id) stores, as the sum of its rows: add_todo adds 1 to its backend''s row (shard = pg_backend_pid() % 16) after each todo it files, prune subtracts what it deletes from its own (a row may be negative; the sum is the count). add_todo reads the sum against the setting todos_max_per_scope.';
grant select on switchboard.scope_todo_counts to switchboard_admin;

-- What each scope stores now.
insert into switchboard.scope_todo_counts (scope_id, shard, stored)
select t.scope_id, 0, count(*) from switchboard.todos t group by t.scope_id;
