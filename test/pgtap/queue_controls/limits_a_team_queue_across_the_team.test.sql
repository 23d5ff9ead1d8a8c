-- A team queue's limits count the whole team: with max_claimed 1 set by an admin, one endpoint of the team holding a
-- todo leaves the other endpoint of the team nothing to claim from the queue; the owner's personal queue of the same
-- name is another queue (its own controls, none here).
begin;
select plan(3);

select test.team() as t \gset
select ((:'t'::jsonb) ->> 'w')::uuid as w, ((:'t'::jsonb) ->> 'r')::uuid as r, ((:'t'::jsonb) ->> 'p')::uuid as p,
       ((:'t'::jsonb) ->> 'admin')::uuid as admin, ((:'t'::jsonb) ->> 'team')::uuid as team \gset
select count(switchboard.add_todo(:'r', 'tq')) as added from generate_series(1, 3) \gset
select switchboard.add_todo(:'p', 'tq') ->> 'id' as personal \gset
select switchboard.set_queue_limits(:'admin', 'tq', max_claimed => 1, team_id => :'team') is not null as set \gset
select switchboard.vend_endpoint(owner_id => :'admin', agent_id => 'worker-2', verbs => null, team_id => :'team') ->> 'endpoint_id' as w2 \gset

select ok(switchboard.claim_next(:'w', 'tq') ? 'id', 'one endpoint of the team claims');
select is(switchboard.claim_next(:'w2'::uuid, 'tq'), '{"empty": true}'::jsonb, 'another endpoint of the team finds the queue at its limit');
select is(switchboard.claim_next(:'p', 'tq') ->> 'id', :'personal', 'the personal queue of that name is not limited');

select * from finish();
rollback;
