begin;
select plan(13);

-- Claim budgets stay per endpoint, the claimer's: T's worker (a budget of 5) claims the requester's team todos by
-- claim, claim_next on the team queue and on every queue, and takes over lapsed leases, one its own and one T's
-- second worker's. Each attempt it opens is one unit of its own budget, none of the requester's (a budget too) or of
-- the second worker's; spent, the worker is throttled and opens nothing while the second worker claims on. A
-- member's Board claim, with no claiming endpoint, charges the todo's adder as it does on a personal todo.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'admin' as a \gset
select switchboard.vend_endpoint(owner_id => :'a'::uuid, agent_id => 'worker-2', verbs => null, team_id => :'team'::uuid)->>'endpoint_id' as w3 \gset
select test.todo(:'r', 'tq') as t1 \gset
select test.todo(:'r', 'tq') as t2 \gset
select test.todo(:'r', 'tq') as t3 \gset
select test.todo(:'r', 'tq') as t4 \gset
select test.todo(:'r', 'tq') as t5 \gset
select test.todo(:'r', 'tq') as t6 \gset
select switchboard.set_endpoint_admission(:'w'::uuid, 5) as x \gset
select switchboard.set_endpoint_admission(:'r'::uuid, 5) as x \gset
create function pg_temp.charged(endpoint_id uuid) returns bigint language sql as $$
  select b.charged from switchboard.endpoint_admission b where b.endpoint_id = charged.endpoint_id
$$;
create function pg_temp.opened(endpoint_id uuid) returns bigint language sql as $$
  select count(*) from switchboard.todo_attempts a where a.endpoint_id = opened.endpoint_id
$$;

select switchboard.claim(:'w'::uuid, :'t1'::uuid) as x \gset
select is(pg_temp.charged(:'w'), 1::bigint, 'claim of a team todo: one unit of the worker''s');
select switchboard.claim_next(:'w'::uuid, 'tq') as x \gset
select is(pg_temp.charged(:'w'), 2::bigint, 'claim_next on the team queue: one unit');
select switchboard.claim_next(:'w'::uuid) as x \gset
select is(pg_temp.charged(:'w'), 3::bigint, 'claim_next on every queue: one unit');
select test.lapse(:'t1');
select is(switchboard.claim_next(:'w'::uuid, 'tq')->>'id', :'t1', 'claim_next takes over its own lapsed lease');
select switchboard.claim(:'w3'::uuid, :'t4'::uuid) as x \gset
select test.lapse(:'t4');
select switchboard.claim(:'w'::uuid, :'t4'::uuid) as x \gset
select is(pg_temp.charged(:'w'), pg_temp.opened(:'w'), 'units charged = attempts the worker opened (5), takeovers included');

select throws_ok(format('select switchboard.claim_next(%L::uuid, %L)', :'w', 'tq'), 'SB429', null, 'spent: throttled');
select is(pg_temp.charged(:'w'), pg_temp.opened(:'w'), 'still equal');
select is(pg_temp.charged(:'r'), 0::bigint, 'the requester, whose todos they all are, was charged nothing');
select is(switchboard.claim_next(:'w3'::uuid, 'tq')->>'state', 'claimed', 'the second worker, without a budget, claims on');
select is((select count(*) from switchboard.todos where id in (:'t5', :'t6') and state = 'pending'), 1::bigint,
          'one team todo still waits: the throttled claim opened nothing');

-- A Board claim has no claiming endpoint: it charges the todo's adder, as on a personal todo (open_attempt).
select (select id::text from switchboard.todos where id in (:'t5', :'t6') and state = 'pending') as left_over \gset
select switchboard.owner_claim(((:'f'::jsonb)->>'member')::uuid, :'left_over'::uuid) as x \gset
select is(pg_temp.charged(:'r'), 1::bigint, 'a member''s Board claim of the requester''s team todo: one unit of the requester''s');
select is(pg_temp.charged(:'w'), pg_temp.opened(:'w'), 'the worker''s unchanged');
select is(pg_temp.charged(:'r') + pg_temp.charged(:'w'),
          (select count(*) from switchboard.todo_attempts a where a.todo_id in (:'t1', :'t2', :'t3', :'t4', :'t5', :'t6')
              and (a.endpoint_id = :'w' or a.claimer_kind = 'owner')),
          'units charged = attempts opened by the budgeted claimers and the Board');

select * from finish();
rollback;
