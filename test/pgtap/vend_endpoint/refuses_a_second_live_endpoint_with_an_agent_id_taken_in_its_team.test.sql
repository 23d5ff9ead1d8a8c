begin;
select plan(8);

-- Within a team an agent id names one live endpoint (its leases are held as agent:<agent_id>): a second worker-1 in
-- T is refused conflict, by T's admin or another admin of T, and nothing is vended. worker-1 stays free elsewhere
-- (another team has one, and personal endpoints do); once T's worker-1 is revoked, the name may be vended in T again.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'admin' as a \gset
select (switchboard.add_owner('second-admin-' || substr(md5(random()::text), 1, 8))->>'owner_id') as a2 \gset
select switchboard.add_team_member(:'team'::uuid, :'a2'::uuid, 'admin') as x \gset
select count(*) as before from switchboard.endpoints \gset

select throws_ok(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => %L, verbs => null, team_id => %L)', :'a', 'worker-1', :'team'),
                 'SB409', null, 'the same admin: conflict');
select throws_ok(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => %L, verbs => array[%L], team_id => %L)', :'a2', 'worker-1', 'claim_next', :'team'),
                 'SB409', null, 'another admin of the team, another verb set: conflict');
select is((select count(*) from switchboard.endpoints), :'before'::bigint, 'nothing was vended');
select is((select count(*) from switchboard.endpoints e where e.agent_id = 'worker-1' and e.revoked_at is null), 4::bigint,
          'worker-1 lives in T, in another team, and on two personal endpoints');
select lives_ok(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => %L)', :'a2', 'worker-1'),
                'a personal worker-1 of the other admin is fine');

select switchboard.revoke_endpoint(:'a'::uuid, :'w'::uuid) as x \gset
select switchboard.vend_endpoint(owner_id => :'a2'::uuid, agent_id => 'worker-1', verbs => null, team_id => :'team'::uuid) as v \gset
select is((:'v'::jsonb)->>'team_id', :'team', 'T''s worker-1 revoked, a new one is vended in T');
select isnt((:'v'::jsonb)->>'endpoint_id', :'w', 'a new endpoint');
select throws_ok(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => %L, verbs => null, team_id => %L)', :'a', 'worker-1', :'team'),
                 'SB409', null, 'and a third is refused again');

select * from finish();
rollback;
