begin;
select plan(4);

select cmp_ok((select count(*) from pg_proc p where p.pronamespace = 'switchboard'::regnamespace and left(p.proname, 1) <> '_'),
              '>=', 20::bigint, 'the API is there');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace and left(p.proname, 1) <> '_'
     and p.prorettype <> 'trigger'::regtype
     and not has_function_privilege('switchboard_app', p.oid, 'EXECUTE')
$$, 'switchboard_app may execute every API function');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace and left(p.proname, 1) = '_'
     and has_function_privilege('switchboard_app', p.oid, 'EXECUTE')
$$, 'and no helper');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace
     and has_function_privilege('public', p.oid, 'EXECUTE')
$$, 'PUBLIC may execute nothing');

select * from finish();
rollback;
