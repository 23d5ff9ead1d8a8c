-- A todo becoming claimable on a team queue rings each endpoint of the team that can claim it: not a revoked one,
-- not one without claim_next (a requester), and nobody outside the team.
begin;
select plan(1);

select test.set('webhook_allow_http', 'true');
select test.team() as t \gset
select (:'t'::jsonb->>'w')::uuid as w, (:'t'::jsonb->>'r')::uuid as r, (:'t'::jsonb->>'admin')::uuid as admin,
       (:'t'::jsonb->>'team')::uuid as team \gset
select (switchboard.vend_endpoint(owner_id => :'admin', agent_id => 'worker-gone', verbs => null, team_id => :'team')
        ->>'endpoint_id')::uuid as gone \gset
select switchboard.set_endpoint_doorbell_url(:'admin'::uuid, e, 'http://127.0.0.1:9/' || e)
  from unnest(array[:'w', :'r', :'gone']::uuid[]) e;
select switchboard.revoke_endpoint(:'admin'::uuid, :'gone'::uuid) as rv \gset
delete from switchboard.deliveries;

select test.todo(:'r', 'tq') as td \gset
select is(array(select (q->>'endpoint_id')::uuid from test.queued('switchboard_doorbell_webhook') q),
          array[:'w'::uuid], 'only the live worker is rung');

select * from finish();
rollback;
