begin;
select plan(9);

-- Walks the catalog, so a function added later cannot slip through: whatever takes an endpoint_id or an owner_id
-- (an identity the caller names rather than proves) is beyond the agent's and the Board's reach.
select cmp_ok((select count(*) from pg_proc p where p.pronamespace = any (test.schemas())
                  and ('endpoint_id' = any (p.proargnames) or 'owner_id' = any (p.proargnames))),
              '>=', 25::bigint, 'the id-taking functions are there to check');
-- Except where the caller proves who it is first (a Board session secret) and the endpoint_id names what the signed-in
-- owner acts on, as a todo_id does: revoke_endpoint and set_endpoint_presence, whose scope checks are tested in
-- board_role/.
select is_empty($$
  select r || ' ' || p.oid::regprocedure::text from pg_proc p
   cross join unnest(array['switchboard_agent', 'switchboard_board', 'switchboard_server', 'switchboard_app', 'switchboard_worker',
                           'switchboard_metrics']) r
   where p.pronamespace = any (test.schemas())
     and ('owner_id' = any (p.proargnames)
          or ('endpoint_id' = any (p.proargnames) and (p.proargnames)[1] is distinct from 'session_secret'))
     and has_function_privilege(r, p.oid, 'EXECUTE')
$$, 'no surface role may execute a function that takes an owner_id, or an endpoint_id without a session secret first');
select is(array(select p.oid::regprocedure::text from pg_proc p
                 where p.pronamespace = 'switchboard_board'::regnamespace and 'endpoint_id' = any (p.proargnames) order by 1),
          array['switchboard_board.revoke_endpoint(text,text,uuid)', 'switchboard_board.set_endpoint_presence(text,text,uuid,boolean)'],
          'the Board entry points naming an endpoint are revoke_endpoint and set_endpoint_presence');
select is_empty($$
  select r || ' ' || c.oid::regclass::text || ' ' || priv from pg_class c
   cross join unnest(array['switchboard_agent', 'switchboard_board', 'switchboard_app']) r
   cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) priv
   where c.relnamespace in (select n.oid from pg_namespace n where n.nspname in ('switchboard', 'graphile_worker'))
     and c.relkind in ('r', 'p', 'v', 'm')
     and has_table_privilege(r, c.oid, priv)
$$, 'the agent and the Board hold no privilege on any table, the job queue''s included');
select is_empty($$
  select r || ' ' || c.oid::regclass::text from pg_class c
   cross join unnest(array['switchboard_worker', 'switchboard_metrics', 'switchboard_server']) r
   where c.relnamespace = 'switchboard'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
     and has_table_privilege(r, c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE')
$$, 'the worker, the metrics reader and the server hold none on any ledger table');

-- And it holds when tried, not only in the catalog.
select test.endpoint() as ep \gset
select test.owner_of(:'ep') as ow \gset
set local role switchboard_agent;
select throws_ok(format('select switchboard.claim_next(%L::uuid)', :'ep'), '42501', null,
                 'as switchboard_agent, the id-taking claim_next is permission denied');
select throws_ok('select count(*) from switchboard.todos', '42501', null, 'and reading a table is refused');
reset role;
set local role switchboard_board;
select throws_ok(format('select switchboard.owner_queues(%L::uuid)', :'ow'), '42501', null,
                 'as switchboard_board, the id-taking owner_queues is permission denied');
select throws_ok('select count(*) from switchboard.owner_sessions', '42501', null, 'and reading a table is refused');
reset role;

select * from finish();
rollback;
