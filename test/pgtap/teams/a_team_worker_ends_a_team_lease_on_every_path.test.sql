begin;
select plan(10);

-- T's worker ends the fenced leases it holds on the requester's team todos on each path a verb has (complete and
-- release: the one statement, end_held, and the long way, agent/hold_agent/end_attempt), after claiming them on each
-- of claim_next's two pick statements; the attempts close as on a personal todo.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w \gset
select test.todo(:'r', 'tq') as c1 \gset
select test.todo(:'r', 'tq') as c2 \gset
select test.todo(:'r', 'tq') as r1 \gset
select test.todo(:'r', 'tq') as r2 \gset

select test.claim_next('one queue', :'w', 'tq', require_fence => true) as k \gset
select (:'k'::jsonb)->>'id' as k_id, (:'k'::jsonb)->>'lease_token' as k_token \gset
select is(test.complete('one statement', :'w', :'k_id', '{"ok": 1}', lease_token => :'k_token')->>'state', 'done',
          'claim_next one queue, complete on the one statement');
select test.claim_next('any queue', :'w', require_fence => true) as k \gset
select (:'k'::jsonb)->>'id' as k_id, (:'k'::jsonb)->>'lease_token' as k_token \gset
select is(test.complete('the long way', :'w', :'k_id', '{"ok": 2}', lease_token => :'k_token')->>'state', 'done',
          'claim_next any queue, complete the long way');
select test.claim_next('one queue', :'w', 'tq', require_fence => true) as k \gset
select (:'k'::jsonb)->>'id' as k_id, (:'k'::jsonb)->>'lease_token' as k_token \gset
select is(test.release('one statement', :'w', :'k_id', lease_token => :'k_token')->>'state', 'pending',
          'release on the one statement');
select test.claim_next('any queue', :'w', require_fence => true) as k \gset
select (:'k'::jsonb)->>'id' as k_id, (:'k'::jsonb)->>'lease_token' as k_token \gset
select is(test.release('the long way', :'w', :'k_id', lease_token => :'k_token')->>'state', 'pending',
          'release the long way');

select is((select count(*) from switchboard.todos where id in (:'c1', :'c2', :'r1', :'r2') and state = 'done'), 2::bigint, 'two done');
select is((select count(*) from switchboard.todos where id in (:'c1', :'c2', :'r1', :'r2') and state = 'pending'), 2::bigint, 'two back to pending');
select is((select count(*) from switchboard.todo_attempts where todo_id in (:'c1', :'c2', :'r1', :'r2')), 4::bigint, 'four attempts');
select is((select count(*) from switchboard.todo_attempts where todo_id in (:'c1', :'c2', :'r1', :'r2') and ended_at is not null), 4::bigint, 'all closed');
select is((select array_agg(distinct outcome order by outcome) from switchboard.todo_attempts where todo_id in (:'c1', :'c2', :'r1', :'r2')),
          array['completed', 'released'], 'completed and released');
select is((select array_agg(distinct endpoint_id::text) from switchboard.todo_attempts where todo_id in (:'c1', :'c2', :'r1', :'r2')),
          array[:'w'], 'all the worker''s');

select * from finish();
rollback;
