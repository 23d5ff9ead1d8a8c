begin;
select plan(2);

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = any (test.schemas())
     and coalesce(obj_description(p.oid, 'pg_proc'), '') = ''
$$, 'every function has a COMMENT, so \df+ switchboard.* is the manual');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = any (test.schemas()) and p.pronamespace <> 'switchboard_internal'::regnamespace
     and p.prorettype <> 'trigger'::regtype
     and obj_description(p.oid, 'pg_proc') !~* '(error|raises|never|-> )'
$$, 'each API comment says what it returns or raises');

select * from finish();
rollback;
