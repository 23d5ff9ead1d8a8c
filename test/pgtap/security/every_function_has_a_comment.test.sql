begin;
select plan(2);

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace
     and coalesce(obj_description(p.oid, 'pg_proc'), '') = ''
$$, 'every function has a COMMENT, so \df+ switchboard.* is the manual');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace and left(p.proname, 1) <> '_'
     and p.prorettype <> 'trigger'::regtype
     and obj_description(p.oid, 'pg_proc') !~* '(error|raises|never|-> )'
$$, 'each API comment says what it returns or raises');

select * from finish();
rollback;
