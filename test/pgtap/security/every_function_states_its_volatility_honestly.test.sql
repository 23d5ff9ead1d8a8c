begin;
select plan(1);

-- A function that writes must not be declared STABLE or IMMUTABLE (the planner may skip or fold it).
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = any (test.schemas()) and p.provolatile <> 'v'
     and p.proname in ('add_owner','vend_endpoint','revoke_endpoint','add_todo','claim','claim_next','heartbeat','complete',
                       'fail','release','retry_now','cancel','reap','prune')
$$, 'every verb that changes the ledger is VOLATILE');

select * from finish();
rollback;
