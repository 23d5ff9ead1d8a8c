begin;
select plan(16);

-- Reaching a todo is not holding it. T's second worker (agent worker-2) reads the team todo T's worker holds but
-- cannot claim it or end the lease, on any path: conflict, as for a lease held by another agent, and the lease is
-- untouched. Likewise a member of T reads a todo the admin took from the Board but cannot complete, fail, release or
-- extend it (conflict); it may still cancel it, as an owner may cancel whatever holds a todo.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset
select switchboard.vend_endpoint(owner_id => :'a'::uuid, agent_id => 'worker-2', verbs => null, team_id => :'team'::uuid)->>'endpoint_id' as w3 \gset
select test.todo(:'r', 'tq') as held \gset
select switchboard.claim(:'w'::uuid, :'held'::uuid) as c \gset
select to_jsonb(t) - 'updated_at' as before from switchboard.todos t where t.id = :'held' \gset

select is(switchboard.get_todo(:'w3'::uuid, :'held'::uuid)->>'state', 'claimed', 'the second worker reads the held todo');
select is(test.error_of(format('select switchboard.claim(%L::uuid, %L::uuid)', :'w3', :'held'))->>'sqlstate', 'SB409', 'claim: conflict');
select is(test.error_of(format('select switchboard.heartbeat(%L::uuid, %L::uuid)', :'w3', :'held'))->>'sqlstate', 'SB409', 'heartbeat: conflict');
select is(test.error_of(format('select switchboard.fail(%L::uuid, %L::uuid)', :'w3', :'held'))->>'sqlstate', 'SB409', 'fail: conflict');
select is(test.error_of(format('select test.complete(%L, %L::uuid, %L::uuid)', p, :'w3', :'held'))->>'sqlstate', 'SB409', 'complete, ' || p || ': conflict')
  from test.paths('complete') p;
select is(test.error_of(format('select test.release(%L, %L::uuid, %L::uuid)', p, :'w3', :'held'))->>'sqlstate', 'SB409', 'release, ' || p || ': conflict')
  from test.paths('release') p;
select is(switchboard.claim_next(:'w3'::uuid, 'tq'), '{"empty": true}'::jsonb, 'claim_next passes the held todo by');
select is((select to_jsonb(t) - 'updated_at' from switchboard.todos t where t.id = :'held'), :'before'::jsonb, 'the lease is untouched');

-- Owners: the admin's Board lease.
select test.todo(:'r', 'tq') as boarded \gset
select switchboard.owner_claim(:'a'::uuid, :'boarded'::uuid) as c \gset
select is(switchboard.owner_get_todo(:'m'::uuid, :'boarded'::uuid)->>'state', 'claimed', 'a member reads the admin''s Board lease');
select is(test.error_of(format('select switchboard.%s(%L::uuid, %L::uuid)', fn, :'m', :'boarded'))->>'sqlstate', 'SB409', fn || ' by the member: conflict')
  from unnest(array['owner_complete', 'owner_fail', 'owner_release', 'owner_extend']) fn;
select is(switchboard.cancel(:'m'::uuid, :'boarded'::uuid)->>'state', 'canceled', 'the member cancels it');

select * from finish();
rollback;
