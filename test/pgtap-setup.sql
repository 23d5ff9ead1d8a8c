-- Test-only setup for the pgTAP suite: extensions and helpers in schema `test`. Never part of a migration.
create extension if not exists pgtap;
create extension if not exists plpgsql_check;
create schema if not exists test;
-- pgcrypto's hmac(), in schema test, to check Switchboard's own HMAC (signal_payload) against an implementation of its own.
create extension if not exists pgcrypto with schema test;

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

-- Run a statement; its error as {sqlstate, message, detail, hint}, or null when it succeeds. The statement runs
-- in a subtransaction, so a failed one changes nothing. Used where the error itself is the point (not_found
-- must be byte-identical for a foreign and a never-minted id).
create or replace function test.error_of(statement text)
returns jsonb language plpgsql as $$
declare
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_message = message_text,
                          v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return jsonb_build_object('sqlstate', v_state, 'message', v_message, 'detail', v_detail, 'hint', v_hint);
end;
$$;

-- Claim and release a todo n times: n attempts closed released/requeued, the counter up by n.
create or replace function test.cycle(endpoint_id uuid, todo_id uuid, n integer)
returns void language plpgsql as $$
begin
  for i in 1 .. n loop
    perform switchboard.claim(endpoint_id => cycle.endpoint_id, todo_id => cycle.todo_id);
    perform switchboard.release(endpoint_id => cycle.endpoint_id, todo_id => cycle.todo_id);
  end loop;
end;
$$;

-- Every key of a document, at any depth.
create or replace function test.keys(doc jsonb)
returns setof text language sql as $$
  with recursive walk(k, v) as (
    select null::text, doc
    union all
    select c.k, c.v
      from walk w
      cross join lateral (
        select e.key, e.value from jsonb_each(case when jsonb_typeof(w.v) = 'object' then w.v else '{}'::jsonb end) e
        union all
        select null, e.value from jsonb_array_elements(case when jsonb_typeof(w.v) = 'array' then w.v else '[]'::jsonb end) e
      ) c(k, v)
  )
  select k from walk where k is not null
$$;

-- What a read must never carry: the given secrets anywhere in the document's text (case-insensitive), and any
-- key naming an endpoint, a session, a token, a hash or a credential. Empty when the document is clean.
-- allow_keys lists keys a document may legitimately carry (the lease_token of a fenced claim).
create or replace function test.leaks(doc jsonb, secrets text[], allow_keys text[] default '{}')
returns text[] language sql as $$
  select coalesce(array_agg(x), '{}') from (
    select 'text:' || s as x from unnest(secrets) s
     where s is not null and position(lower(s) in lower(doc::text)) > 0
    union all
    select distinct 'key:' || k from test.keys(doc) k
     where k ~* '(endpoint|session|token|sha256|hash|credential|digest)' and not (k = any (allow_keys))
  ) f
$$;

-- The attempt rows of a todo as jsonb, oldest first (stored columns, including those no read returns).
create or replace function test.attempts(todo_id uuid)
returns jsonb language sql as $$
  select coalesce(jsonb_agg(to_jsonb(a) order by a.seq), '[]') from switchboard.todo_attempts a where a.todo_id = attempts.todo_id
$$;

-- The todo row as jsonb (stored columns).
create or replace function test.todo_row(todo_id uuid)
returns jsonb language sql as $$
  select to_jsonb(t) from switchboard.todos t where t.id = todo_row.todo_id
$$;

-- Age a todo: its last change (updated_at) moved into the past, for retention by age.
create or replace function test.age(todo_id uuid, by interval)
returns void language sql as $$
  update switchboard.todos t set updated_at = now() - by where t.id = age.todo_id;
$$;

-- Switchboard's function schemas: the admin API, the surfaces' entry points and the internals.
create or replace function test.schemas()
returns oid[] language sql stable as $$
  select array(select n.oid from pg_namespace n
                where n.nspname in ('switchboard', 'switchboard_internal', 'switchboard_agent', 'switchboard_board',
                                    'switchboard_worker', 'switchboard_metrics'))
$$;

-- The webhook deliveries queued as jobs of a graphile-worker task, oldest job first: each its deliveries row (as
-- jsonb) with the job's payload and key.
create or replace function test.queued(task text)
returns setof jsonb language sql as $$
  select to_jsonb(d) || jsonb_build_object('payload', j.payload::jsonb, 'key', j.key)
    from graphile_worker._private_jobs j
    join graphile_worker._private_tasks k on k.id = j.task_id
    join switchboard.deliveries d on d.id = (j.payload::jsonb ->> 'delivery_id')::uuid
   where k.identifier = task
   order by j.id
$$;

-- Tests run some statements as a surface role (set local role switchboard_agent); they may call these helpers then.
grant usage on schema test to public;
grant execute on all functions in schema test to public;

