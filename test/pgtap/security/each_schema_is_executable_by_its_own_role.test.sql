begin;
select plan(6);

-- Grants follow from the schema: each surface's role runs every function of its own schema and none of another's.
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace and p.prorettype <> 'trigger'::regtype
     and not has_function_privilege('switchboard_admin', p.oid, 'EXECUTE')
$$, 'switchboard_admin executes the whole admin API (schema switchboard)');
select is_empty($$
  select s || ' ' || p.oid::regprocedure::text from pg_proc p
   cross join unnest(array['switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics']) s
   where p.pronamespace = s::regnamespace and not has_function_privilege(s, p.oid, 'EXECUTE')
$$, 'each surface role executes every entry point of its own schema');
select is_empty($$
  select s || ' ' || p.oid::regprocedure::text from pg_proc p
   cross join unnest(array['switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics']) s
   where p.pronamespace in ('switchboard_agent'::regnamespace, 'switchboard_board'::regnamespace, 'switchboard_worker'::regnamespace,
                            'switchboard_metrics'::regnamespace)
     and p.pronamespace <> s::regnamespace and has_function_privilege(s, p.oid, 'EXECUTE')
$$, 'and nothing of another surface''s schema');
select is_empty($$
  select r || ' ' || p.oid::regprocedure::text from pg_proc p
   cross join unnest(array['switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics', 'switchboard_server',
                           'switchboard_app']) r
   where p.pronamespace = 'switchboard'::regnamespace and has_function_privilege(r, p.oid, 'EXECUTE')
$$, 'no surface role (nor the server, nor the old switchboard_app) executes any admin function');
select ok(pg_has_role('switchboard_server', 'switchboard_agent', 'MEMBER') and pg_has_role('switchboard_server', 'switchboard_board', 'MEMBER')
          and pg_has_role('switchboard_server', 'switchboard_metrics', 'MEMBER')
          and not pg_has_role('switchboard_server', 'switchboard_worker', 'MEMBER') and not pg_has_role('switchboard_server', 'switchboard_admin', 'MEMBER'),
          'switchboard_server holds agent, Board and metrics, never the worker, never admin');
select ok(not pg_has_role('switchboard_app', 'switchboard_worker', 'MEMBER') and not pg_has_role('switchboard_app', 'switchboard_admin', 'MEMBER'),
          'the deprecated switchboard_app holds no more than agent and Board');

select * from finish();
rollback;
