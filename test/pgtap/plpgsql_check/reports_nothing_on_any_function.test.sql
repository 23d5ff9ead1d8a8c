begin;
select plan(1);

-- Every PL/pgSQL function of the ledger, checked with plpgsql_check (errors, warnings, performance hints).
select is_empty($$
  select p.oid::regprocedure::text || ': ' || c.message
    from pg_proc p
    join pg_language l on l.oid = p.prolang and l.lanname = 'plpgsql'
    -- A trigger function is checked against the table its trigger is on.
    cross join lateral plpgsql_check_function_tb(p.oid, relid => coalesce((select g.tgrelid from pg_trigger g where g.tgfoid = p.oid limit 1), 0),
                                                 fatal_errors => false, extra_warnings => true, performance_warnings => true) c
   where p.pronamespace = any (test.schemas())
$$, 'plpgsql_check reports nothing on any switchboard function');

select * from finish();
rollback;
