--! Previous: sha1:f00158446b6c11da84e9a9ecfac28f61e4170506
--! Hash: sha1:2e6d8abc616495b7086061ae9cd2e8c41723e291
--! Message: the activity feed reads only the owner's scopes: earlier_attempts learns its todo's scope, and both ended indexes lead with it

-- The Board's activity feed read the newest closes through two indexes over every tenant's attempts (ended_at,
-- head_ended_at), so one owner's feed walked, and sorted, every other owner's endings until it found its own: 0.75 s
-- for a feed of 10 beside a tenant with 320,000. Both indexes now lead with the scope, so the feed reads only the
-- owner's scopes, page_size newest each. earlier_attempts learns its todo's scope (a todo's scope never changes:
-- endpoint_id and team_id are set when it is added).
alter table switchboard.earlier_attempts add column scope_id uuid;
update switchboard.earlier_attempts e set scope_id = t.scope_id from switchboard.todos t where t.id = e.todo_id;
alter table switchboard.earlier_attempts alter column scope_id set not null;
comment on column switchboard.earlier_attempts.scope_id is
  'The todo''s scope (todos.scope_id), copied when the attempt becomes an earlier one: the activity feed''s index leads with it.';

drop index switchboard.earlier_attempts_ended_idx;
create index earlier_attempts_scope_ended_idx on switchboard.earlier_attempts (scope_id, ended_at desc);
drop index switchboard.todos_head_ended_idx;
create index todos_scope_head_ended_idx on switchboard.todos (scope_id, head_ended_at desc) where head_ended_at is not null;
