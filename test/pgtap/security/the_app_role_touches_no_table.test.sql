begin;
select plan(3);

select cmp_ok((select count(*) from pg_class c where c.relnamespace = 'switchboard'::regnamespace and c.relkind in ('r', 'p')),
              '>=', 5::bigint, 'the ledger tables are there');
select is_empty($$
  select c.oid::regclass::text || ' ' || priv from pg_class c
   cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) priv
   where c.relnamespace = 'switchboard'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
     and has_table_privilege('switchboard_app', c.oid, priv)
$$, 'switchboard_app has no SELECT, INSERT, UPDATE, DELETE or TRUNCATE on any table');
set local role switchboard_app;
select throws_ok('select count(*) from switchboard.todos', '42501', null, 'reading a table as the app role is refused');
reset role;

select * from finish();
rollback;
