begin;
select plan(2);

-- \df switchboard.* is the API: every function there is documented as a verb (its comment says what it returns and
-- which errors it raises, with an example), none is an internal helper, and nothing is named like one.
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace
     and (left(p.proname, 1) = '_' or obj_description(p.oid, 'pg_proc') ~* '^\s*internal')
$$, 'no helper in schema switchboard');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'switchboard'::regnamespace
     and obj_description(p.oid, 'pg_proc') !~ 'Returns\s.*Errors:\s.*Example: select '
$$, 'each API comment says what it returns and raises, and shows a call');

select * from finish();
rollback;
