begin;
select plan(4);

select cmp_ok((select count(*) from pg_proc p where p.pronamespace = 'switchboard_internal'::regnamespace),
              '>=', 30::bigint, 'the internals live in switchboard_internal');
select is_empty($$
  select r || ' ' || p.oid::regprocedure::text from pg_proc p
   cross join unnest(array['switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics', 'switchboard_admin',
                           'switchboard_server', 'switchboard_app', 'public']) r
   where p.pronamespace = 'switchboard_internal'::regnamespace and has_function_privilege(r, p.oid, 'EXECUTE')
$$, 'no role but their owner may execute an internal function');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = any (test.schemas()) and has_function_privilege('public', p.oid, 'EXECUTE')
$$, 'PUBLIC may execute nothing');
set local role switchboard_agent;
select throws_ok('select switchboard_internal.history_cap()', '42501', null, 'calling a helper as a surface role is refused');
reset role;

select * from finish();
rollback;
