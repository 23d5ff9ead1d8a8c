-- Queue controls belong to a holder (an owner, or a team), and a queue name is anyone's: bob pausing "builds" must
-- neither hold back alice's claims of her "builds" nor send them down the controlled path (its extra reads and row
-- locks on every claim), which any tenant could otherwise impose on every other by controlling common queue names.
-- Counted with the function statistics of this transaction (track_functions).
begin;
select plan(10);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select switchboard.pause_queue(test.owner_of(:'ep_b'), 'builds') \gset
select test.todo(:'ep', 'builds') as t1 \gset
select test.todo(:'ep', 'builds') as t2 \gset
select test.todo(:'ep', 'builds') as t3 \gset
select test.todo(:'ep', 'builds') as t4 \gset

set track_functions = 'all';
create temp view controlled_calls as
  select coalesce(sum(f.calls), 0) as n from pg_stat_xact_user_functions f
   where f.funcid in ('switchboard_internal.claim_controlled'::regproc, 'switchboard_internal.admit_queue'::regproc);

select isnt(switchboard.claim_next(:'ep', 'builds')->>'id', null, 'alice''s claim_next of her builds claims, bob''s pause notwithstanding');
select isnt(switchboard.claim_next(:'ep')->>'id', null, 'so does her claim_next of any queue');
select isnt(switchboard.claim(:'ep', :'t3')->>'id', null, 'and her claim of a todo by id');
select isnt(switchboard.owner_claim(:'ow', :'t4')->>'id', null, 'and her own claim on the Board');
select is((select n from controlled_calls), 0::numeric, 'none of the four took the controlled path');

-- A team's worker, on the team's queue tq, beside bob's pause of a personal tq.
select test.team() as t \gset
select ((:'t'::jsonb) ->> 'r')::uuid as r, ((:'t'::jsonb) ->> 'w')::uuid as w \gset
select switchboard.pause_queue(test.owner_of(:'ep_b'), 'tq') \gset
select switchboard.add_todo(:'r', 'tq')->>'id' as tt \gset
select is(switchboard.claim_next(:'w', 'tq')->>'id', :'tt', 'a team worker claims the team''s tq, bob''s pause of his tq notwithstanding');
select is((select n from controlled_calls), 0::numeric, 'without the controlled path');

-- Her own pause is read by the same probe.
select switchboard.release(:'ep', :'t3') \gset
select switchboard.pause_queue(:'ow', 'builds') \gset
select is(switchboard.claim_next(:'ep', 'builds'), '{"empty": true}'::jsonb, 'her own pause holds her claim_next back');
select throws_ok(format('select switchboard.claim(%L, %L)', :'ep', :'t3'), 'SB429', null, 'and her claim by id');
select cmp_ok((select n from controlled_calls), '>=', 2::numeric, 'each through the controlled path');

select * from finish();
rollback;
