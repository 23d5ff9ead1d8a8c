begin;
select plan(2);

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = any (test.schemas()) and p.prosecdef
     and not exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%')
$$, 'every SECURITY DEFINER function pins search_path');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = any (test.schemas()) and p.prosecdef
     and not exists (select 1 from unnest(p.proconfig) c where c = 'search_path=switchboard, pg_temp')
$$, 'to switchboard, pg_temp (pg_temp last)');

select * from finish();
rollback;
