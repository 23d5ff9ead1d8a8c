-- Test-only setup for the pgTAP suite: extensions and helpers in schema `test`. Never part of a migration.
create extension if not exists pgtap;
create extension if not exists plpgsql_check;
create schema if not exists test;

-- A fresh owner and endpoint; verbs null = every verb. Returns the endpoint id.
create or replace function test.endpoint(verbs text[] default null, handle text default null)
returns uuid language sql as $$
  select (switchboard.vend_endpoint(
            (switchboard.add_owner(coalesce(handle, 'o' || replace(gen_random_uuid()::text, '-', '')))->>'owner_id')::uuid,
            'agent-' || substr(md5(random()::text), 1, 8), verbs)->>'endpoint_id')::uuid
$$;

-- The owner that vended an endpoint.
create or replace function test.owner_of(endpoint_id uuid)
returns uuid language sql as $$
  select e.owner_id from switchboard.endpoints e where e.id = endpoint_id
$$;

-- A pending todo, ready now. Returns its id.
create or replace function test.todo(endpoint_id uuid, queue text default 'q', max_attempts integer default 5)
returns uuid language sql as $$
  select (switchboard.add_todo(endpoint_id => endpoint_id, queue => queue, max_attempts => max_attempts)->>'id')::uuid
$$;

-- Make a held lease lapse (one second before the transaction's now()), on the todo and its open attempt.
create or replace function test.lapse(todo_id uuid)
returns void language sql as $$
  update switchboard.todo_attempts a set lease_expires_at = now() - interval '1 second'
   where a.todo_id = lapse.todo_id and a.ended_at is null;
  update switchboard.todos t set lease_expires_at = now() - interval '1 second' where t.id = lapse.todo_id;
$$;

-- Make a scheduled retry due now.
create or replace function test.due(todo_id uuid)
returns void language sql as $$
  update switchboard.todos t set next_retry_at = now() - interval '1 second', ready_at = now() - interval '1 second'
   where t.id = due.todo_id and t.state = 'failed' and t.next_retry_at is not null;
$$;

-- The number of attempt rows of a todo.
create or replace function test.attempt_rows(todo_id uuid)
returns bigint language sql as $$
  select count(*) from switchboard.todo_attempts a where a.todo_id = attempt_rows.todo_id
$$;

-- A row of an attempt, as jsonb of the table (for asserting stored columns a read never returns).
create or replace function test.attempt_row(todo_id uuid, seq integer)
returns jsonb language sql as $$
  select to_jsonb(a) from switchboard.todo_attempts a where a.todo_id = attempt_row.todo_id and a.seq = attempt_row.seq
$$;

-- Set a setting for the current transaction's test.
create or replace function test.set(key text, value text)
returns void language sql as $$
  insert into switchboard.settings (key, value) values (key, value)
  on conflict (key) do update set value = excluded.value;
$$;
