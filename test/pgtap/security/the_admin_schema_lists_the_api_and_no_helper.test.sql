begin;
select plan(2);

-- \df switchboard.* is the API: every function there is documented as a verb (its comment opens with its own call
-- form), none is an internal helper, and nothing is named like one.
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace
     and (left(p.proname, 1) = '_' or obj_description(p.oid, 'pg_proc') ~* '^\s*internal')
$$, 'no helper in schema switchboard');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace
     and obj_description(p.oid, 'pg_proc') !~ ('^\s*' || p.proname || '\(')
$$, 'each API comment opens with the call it documents');

select * from finish();
rollback;
