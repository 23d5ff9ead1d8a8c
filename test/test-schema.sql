-- The test-only helper schema `test`: fixtures and helpers for the pgTAP suite (test/pgtap-setup.sql installs it)
-- and the tap suite (test/helpers/db.ts installs it in its template database). Never part of a migration: what a
-- fixture writes here (an attempt's stored columns, a lapsed lease) no API writes, and switchboard.todo_attempts is a
-- read-only view.
create schema if not exists test;
-- pgcrypto's hmac(), in schema test, to check Switchboard's own HMAC (signal_payload) against an implementation of its own.
create extension if not exists pgcrypto with schema test;

-- A fresh owner and endpoint; verbs null = every verb; agent_id null = a random one (agent ids are unique only
-- within an owner: two owners may each vend a worker-1). Returns the endpoint id.
create or replace function test.endpoint(verbs text[] default null, handle text default null, agent_id text default null)
returns uuid language sql as $$
  select (switchboard.vend_endpoint(
            (switchboard.add_owner(coalesce(handle, 'o' || replace(gen_random_uuid()::text, '-', '')))->>'owner_id')::uuid,
            coalesce(agent_id, 'agent-' || substr(md5(random()::text), 1, 8)), verbs)->>'endpoint_id')::uuid
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

-- The doorbell webhook jobs queued (one per ring of an endpoint with a doorbell_url): how a test sees a ring without
-- LISTEN, which a pgTAP session cannot hear before it commits.
create or replace function test.webhook_rings()
returns bigint language sql as $$
  select count(*) from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
   where k.identifier = 'switchboard_doorbell_webhook'
$$;

-- Make a held lease lapse (one second before the transaction's now()), on the todo and its open attempt (its head).
create or replace function test.lapse(todo_id uuid)
returns void language sql as $$
  update switchboard.todos t
     set lease_expires_at = now() - interval '1 second',
         head_lease_expires_at = case when t.head_ended_at is null then now() - interval '1 second' else t.head_lease_expires_at end
   where t.id = lapse.todo_id and t.state = 'claimed';
$$;

-- Change stored columns of one attempt where the attempt is kept: a todo's newest (seq = last_seq) on its row
-- (todos.head_*, and lease_token_sha256), an earlier one in earlier_attempts. changes maps todo_attempts' column names
-- to new values (todo_id and seq cannot change). The tables' own row rules apply, so a change no claim could make is
-- refused with the rule's name. switchboard.todo_attempts is a read-only view; fixtures write through this.
create or replace function test.set_attempt(todo_id uuid, seq integer, changes jsonb)
returns void language plpgsql as $$
declare
  v_row jsonb;
  v_new switchboard.todo_attempts;
  v_head boolean;
begin
  if changes ?| array['todo_id', 'seq'] then
    raise exception 'test.set_attempt: todo_id and seq of an attempt cannot change';
  end if;
  select to_jsonb(a) into v_row from switchboard.todo_attempts a where a.todo_id = set_attempt.todo_id and a.seq = set_attempt.seq;
  if v_row is null then
    raise exception 'test.set_attempt: todo % has no attempt %', todo_id, seq;
  end if;
  v_new := jsonb_populate_record(null::switchboard.todo_attempts, v_row || changes);
  select t.last_seq = set_attempt.seq into v_head from switchboard.todos t where t.id = set_attempt.todo_id;
  if v_head then
    update switchboard.todos x
       set head_attempt = v_new.attempt, head_claimer_kind = v_new.claimer_kind, head_endpoint_id = v_new.endpoint_id,
           head_owner_id = v_new.owner_id, head_mcp_session_id = v_new.mcp_session_id, head_owner = v_new.owner,
           head_claimant = v_new.claimant, head_claimed_at = v_new.claimed_at, head_last_heartbeat_at = v_new.last_heartbeat_at,
           head_lease_expires_at = v_new.lease_expires_at, head_ended_at = v_new.ended_at, head_outcome = v_new.outcome,
           head_disposition = v_new.disposition, head_summary = v_new.summary,
           head_summary_truncated = coalesce(v_new.summary_truncated, false), head_artifact = v_new.artifact,
           lease_token_sha256 = v_new.lease_token_sha256
     where x.id = set_attempt.todo_id;
  else
    update switchboard.earlier_attempts e
       set attempt = v_new.attempt, claimer_kind = v_new.claimer_kind, endpoint_id = v_new.endpoint_id,
           owner_id = v_new.owner_id, mcp_session_id = v_new.mcp_session_id, owner = v_new.owner,
           claimant = v_new.claimant, claimed_at = v_new.claimed_at, last_heartbeat_at = v_new.last_heartbeat_at,
           lease_expires_at = v_new.lease_expires_at, ended_at = v_new.ended_at, outcome = v_new.outcome,
           disposition = v_new.disposition, summary = v_new.summary,
           summary_truncated = coalesce(v_new.summary_truncated, false), artifact = v_new.artifact,
           lease_token_sha256 = v_new.lease_token_sha256
     where e.todo_id = set_attempt.todo_id and e.seq = set_attempt.seq;
  end if;
end;
$$;

-- Make a todo's open attempt (and the todo's owner) one the Board took: claimer_kind owner, by the endpoint's owner,
-- held as owner:<handle>. For the rules about who may close an owner's lease without a Board sign-in.
create or replace function test.hand_to_owner(todo_id uuid, handle text default 'alice')
returns void language plpgsql as $$
declare
  v_seq integer;
  v_owner uuid;
begin
  select t.last_seq, e.owner_id into v_seq, v_owner
    from switchboard.todos t join switchboard.endpoints e on e.id = t.endpoint_id where t.id = hand_to_owner.todo_id;
  perform test.set_attempt(todo_id, v_seq, jsonb_build_object('claimer_kind', 'owner', 'endpoint_id', null,
                                                              'owner_id', v_owner, 'owner', 'owner:' || handle));
  update switchboard.todos t set owner = 'owner:' || handle where t.id = hand_to_owner.todo_id;
end;
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

-- The paths a verb's rules are written on; a test runs the same cases on each (test.complete, test.release,
-- test.claim_next take the path as their first argument):
--   complete, release: 'one statement' (end_held: authorization, holder, fence and both writes in one UPDATE) and
--     'the long way' (agent, the argument checks, hold_agent, end_attempt: what runs when the one statement matched
--     nothing, which is also how a caller that does hold the lease ends it after the one statement lost a race);
--   claim_next: 'one queue' and 'any queue' (its two pick statements).
create or replace function test.paths(verb text)
returns setof text language sql immutable as $$
  select p from unnest(case verb when 'complete' then array['one statement', 'the long way']
                                 when 'release' then array['one statement', 'the long way']
                                 when 'claim_next' then array['one queue', 'any queue'] end) p
$$;

-- Runs a statement (a select of one jsonb value) with end_held answering null, as when its one statement matched
-- nothing, so complete and release go the long way; end_held is put back before this returns. Runs as the test's
-- superuser (it replaces a function for the statement's duration); an error rolls the replacement back with
-- whatever savepoint the caller's throws_ok or error_of holds, or with the test's transaction.
create or replace function test.the_long_way(statement text)
returns jsonb language plpgsql as $$
declare
  v_fn regprocedure := 'switchboard_internal.end_held(uuid, uuid, text, text, text, jsonb, text, text)';
  v_def text := pg_get_functiondef(v_fn);
  v_doc jsonb;
begin
  execute format('create or replace function %s(%s) returns jsonb language sql volatile as %L',
                 'switchboard_internal.end_held', pg_get_function_arguments(v_fn), 'select null::jsonb');
  execute statement into v_doc;
  execute v_def;
  return v_doc;
end;
$$;

-- switchboard.complete on a path (test.paths('complete')).
create or replace function test.complete(path text, endpoint_id uuid, todo_id uuid, result jsonb default null,
                                         summary text default null, artifact text default null, lease_token text default null)
returns jsonb language plpgsql as $$
declare
  v_call text := format('select switchboard.complete(endpoint_id => %L, todo_id => %L, result => %L, summary => %L, artifact => %L, lease_token => %L)',
                        endpoint_id, todo_id, result, summary, artifact, lease_token);
begin
  case path
    when 'one statement' then return switchboard.complete(endpoint_id, todo_id, result, summary, artifact, lease_token);
    when 'the long way' then return test.the_long_way(v_call);
  end case;
end;
$$;

-- switchboard.release on a path (test.paths('release')).
create or replace function test.release(path text, endpoint_id uuid, todo_id uuid, summary text default null,
                                        artifact text default null, lease_token text default null)
returns jsonb language plpgsql as $$
declare
  v_call text := format('select switchboard.release(endpoint_id => %L, todo_id => %L, summary => %L, artifact => %L, lease_token => %L)',
                        endpoint_id, todo_id, summary, artifact, lease_token);
begin
  case path
    when 'one statement' then return switchboard.release(endpoint_id, todo_id, summary, artifact, lease_token);
    when 'the long way' then return test.the_long_way(v_call);
  end case;
end;
$$;

-- switchboard.claim_next on a path (test.paths('claim_next')): 'one queue' names queue, 'any queue' names none (the
-- endpoint's todos of every queue are then candidates).
create or replace function test.claim_next(path text, endpoint_id uuid, queue text default 'q', claimant text default null,
                                           require_fence boolean default false, lease_seconds integer default null)
returns jsonb language plpgsql as $$
begin
  case path
    when 'one queue' then
      return switchboard.claim_next(endpoint_id => endpoint_id, queue => queue, claimant => claimant,
                                    require_fence => require_fence, lease_seconds => lease_seconds);
    when 'any queue' then
      return switchboard.claim_next(endpoint_id => endpoint_id, claimant => claimant, require_fence => require_fence,
                                    lease_seconds => lease_seconds);
  end case;
end;
$$;

-- Every Board entry point that changes something, as a statement to format with (session secret, CSRF token, todo id).
create or replace function test.board_writes()
returns table (action text, statement text) language sql immutable as $$
  values ('cancel', 'select switchboard_board.cancel(%L, %L, %L::uuid)'),
         ('claim', 'select switchboard_board.claim(%L, %L, %L::uuid)'),
         ('complete', 'select switchboard_board.complete(%L, %L, %L::uuid)'),
         ('extend', 'select switchboard_board.extend(%L, %L, %L::uuid)'),
         ('fail', 'select switchboard_board.fail(%L, %L, %L::uuid)'),
         ('release', 'select switchboard_board.release(%L, %L, %L::uuid)'),
         ('retry_now', 'select switchboard_board.retry_now(%L, %L, %L::uuid)')
$$;

-- A signed-in Board session of the owner with this handle: {session_secret, csrf_token, owner_id}.
create or replace function test.board_session(handle text)
returns jsonb language sql as $$
  select switchboard.owner_sign_in((switchboard.owner_login_token(handle))->>'login_token')
$$;

-- A libpq connection string to this database as this user, for a second session (dblink_connect): over TCP when
-- this session came that way, else over the server's first Unix socket directory.
create or replace function test.conninfo()
returns text language sql stable as $$
  select format('dbname=%s port=%s host=%s user=%s application_name=switchboard_test_second_session', current_database(),
                current_setting('port'),
                coalesce(host(inet_server_addr()), split_part(current_setting('unix_socket_directories'), ',', 1)),
                current_user)
$$;

-- Whether the query sent on dblink connection conn (dblink_send_query) is stalled: waits until its backend (pid)
-- either waits on a lock (true) or has finished (false), so a test asserts a wait without sleeping a fixed time.
create or replace function test.stalls(conn text, pid integer)
returns boolean language plpgsql volatile as $$
begin
  while not exists (select 1 from pg_locks l where l.pid = stalls.pid and not l.granted) and dblink_is_busy(conn) = 1 loop
    perform pg_sleep(0.01);
  end loop;
  return dblink_is_busy(conn) = 1;
end;
$$;

-- Deletes an endpoint a test committed over a second session (dblink), with everything it stored and its owner
-- (when that owner has no other endpoint), so a committed test leaves the database as it found it. Run it on the
-- session that committed:
--   select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text)
create or replace function test.forget_endpoint(ep uuid)
returns void language plpgsql as $$
declare
  v_owner uuid := (select e.owner_id from switchboard.endpoints e where e.id = ep);
begin
  delete from switchboard.schedules where endpoint_id = ep;
  delete from switchboard.todos where endpoint_id = ep;
  delete from switchboard.todo_keys where endpoint_id = ep;
  delete from switchboard.scope_todo_counts where scope_id = ep;
  delete from switchboard.endpoints where id = ep;
  delete from switchboard.owners o where o.id = v_owner and not exists (select 1 from switchboard.endpoints e where e.owner_id = o.id);
end;
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

-- A team and its neighbours (issue 22, ADR-0038), for the team scope proofs. Returns a document of ids, handles and
-- credentials:
--   team: team T; its admin `admin` (handle admin_handle) vended every endpoint of T; `member` is a plain member
--     (member_handle) who vended nothing; `outsider` (outsider_handle) is in no team; T's team queue is 'tq'.
--   r: T's requester endpoint (add_todo, get_todo, list_todos, cancel); w: T's worker endpoint, every verb, agent
--     worker-1; p: the admin's personal endpoint, every verb, also agent worker-1; x: the outsider's personal
--     endpoint, every verb, also agent worker-1.
--   team2: another team with its own admin (other, other_handle), its own team queue 'tq' and its worker w2, every
--     verb, agent worker-1.
--   cr, cw, cp, cx, cw2: the endpoints' credentials (shown once at vend).
-- Handles start with prefix (default a random one), so a test may build two of these.
create or replace function test.team(prefix text default null)
returns jsonb language plpgsql as $$
declare
  v_p text := coalesce(prefix, 't' || substr(md5(random()::text), 1, 8));
  v_admin uuid := (switchboard.add_owner(v_p || '-admin')->>'owner_id')::uuid;
  v_member uuid := (switchboard.add_owner(v_p || '-member')->>'owner_id')::uuid;
  v_outsider uuid := (switchboard.add_owner(v_p || '-outsider')->>'owner_id')::uuid;
  v_other uuid := (switchboard.add_owner(v_p || '-other')->>'owner_id')::uuid;
  v_team uuid := (switchboard.add_team(v_p || ' team', v_admin)->>'id')::uuid;
  v_team2 uuid := (switchboard.add_team(v_p || ' team 2', v_other)->>'id')::uuid;
  v_r jsonb;
  v_w jsonb;
  v_p_ep jsonb;
  v_x jsonb;
  v_w2 jsonb;
begin
  perform switchboard.add_team_member(v_team, v_member, 'member');
  perform switchboard.add_team_queue(v_team, 'tq');
  perform switchboard.add_team_queue(v_team2, 'tq');
  v_r := switchboard.vend_endpoint(owner_id => v_admin, agent_id => 'requester',
                                   verbs => array['add_todo', 'get_todo', 'list_todos', 'cancel'], team_id => v_team);
  v_w := switchboard.vend_endpoint(owner_id => v_admin, agent_id => 'worker-1', verbs => null, team_id => v_team);
  v_p_ep := switchboard.vend_endpoint(owner_id => v_admin, agent_id => 'worker-1', verbs => null);
  v_x := switchboard.vend_endpoint(owner_id => v_outsider, agent_id => 'worker-1', verbs => null);
  v_w2 := switchboard.vend_endpoint(owner_id => v_other, agent_id => 'worker-1', verbs => null, team_id => v_team2);
  return jsonb_build_object(
    'team', v_team, 'team2', v_team2,
    'admin', v_admin, 'member', v_member, 'outsider', v_outsider, 'other', v_other,
    'admin_handle', v_p || '-admin', 'member_handle', v_p || '-member', 'outsider_handle', v_p || '-outsider',
    'other_handle', v_p || '-other',
    'r', v_r->'endpoint_id', 'w', v_w->'endpoint_id', 'p', v_p_ep->'endpoint_id', 'x', v_x->'endpoint_id',
    'w2', v_w2->'endpoint_id',
    'cr', v_r->'credential', 'cw', v_w->'credential', 'cp', v_p_ep->'credential', 'cx', v_x->'credential',
    'cw2', v_w2->'credential');
end;
$$;

-- The agent entry points that name a todo, as statements to format with (caller, todo id): by endpoint id (the
-- switchboard.* functions, caller an endpoint id) and by credential (switchboard_agent.*, caller a credential).
create or replace function test.agent_todo_calls()
returns table (verb text, by_id text, by_credential text) language sql immutable as $$
  values ('claim', 'select switchboard.claim(%L::uuid, %L::uuid)', 'select switchboard_agent.claim(%L, %L::uuid)'),
         ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)', 'select switchboard_agent.heartbeat(%L, %L::uuid)'),
         ('complete', 'select switchboard.complete(%L::uuid, %L::uuid)', 'select switchboard_agent.complete(%L, %L::uuid)'),
         ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)', 'select switchboard_agent.fail(%L, %L::uuid)'),
         ('release', 'select switchboard.release(%L::uuid, %L::uuid)', 'select switchboard_agent.release(%L, %L::uuid)'),
         ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)', 'select switchboard_agent.get_todo(%L, %L::uuid)'),
         ('cancel', 'select switchboard.agent_cancel(%L::uuid, %L::uuid)', 'select switchboard_agent.cancel(%L, %L::uuid)'),
         ('a2a_get', 'select switchboard.a2a_get(%L::uuid, %L::uuid)', 'select switchboard_agent.a2a_get(%L, %L::uuid)'),
         ('a2a_cancel', 'select switchboard.a2a_cancel(%L::uuid, %L::uuid)', 'select switchboard_agent.a2a_cancel(%L, %L::uuid)')
$$;

-- The owner entry points that name a todo, as statements to format with (owner id, todo id), each with its Board
-- entry point as a statement to format with (session secret, CSRF token, todo id) (reads take no CSRF token: %3$L).
create or replace function test.owner_todo_calls()
returns table (action text, by_owner text, by_board text) language sql immutable as $$
  values ('get_todo', 'select switchboard.owner_get_todo(%L::uuid, %L::uuid)', 'select switchboard_board.get_todo(%1$L, %3$L::uuid)'),
         ('claim', 'select switchboard.owner_claim(%L::uuid, %L::uuid)', 'select switchboard_board.claim(%L, %L, %L::uuid)'),
         ('extend', 'select switchboard.owner_extend(%L::uuid, %L::uuid)', 'select switchboard_board.extend(%L, %L, %L::uuid)'),
         ('complete', 'select switchboard.owner_complete(%L::uuid, %L::uuid)', 'select switchboard_board.complete(%L, %L, %L::uuid)'),
         ('fail', 'select switchboard.owner_fail(%L::uuid, %L::uuid)', 'select switchboard_board.fail(%L, %L, %L::uuid)'),
         ('release', 'select switchboard.owner_release(%L::uuid, %L::uuid)', 'select switchboard_board.release(%L, %L, %L::uuid)'),
         ('cancel', 'select switchboard.cancel(%L::uuid, %L::uuid)', 'select switchboard_board.cancel(%L, %L, %L::uuid)'),
         ('retry_now', 'select switchboard.retry_now(%L::uuid, %L::uuid)', 'select switchboard_board.retry_now(%L, %L, %L::uuid)')
$$;

-- The ids of the todos a document lists (todos[].id, tasks[].id or activity[].todo_id), as a sorted text array.
create or replace function test.ids(doc jsonb)
returns text[] language sql immutable as $$
  select coalesce(array_agg(distinct i order by i), '{}') from (
    select e->>'id' as i from jsonb_array_elements(coalesce(doc->'todos', doc->'tasks', '[]')) e
    union all
    select e->>'todo_id' from jsonb_array_elements(coalesce(doc->'activity', '[]')) e
  ) f where i is not null
$$;

-- Ids as a sorted text array, to compare with test.ids.
create or replace function test.sorted(ids text[])
returns text[] language sql immutable as $$
  select coalesce(array_agg(distinct i order by i), '{}') from unnest(ids) i
$$;

-- Tests run some statements as a surface role (set local role switchboard_agent); they may call these helpers then.
grant usage on schema test to public;
grant execute on all functions in schema test to public;
