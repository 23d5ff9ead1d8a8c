-- Resuming an owner's paused queue rings the doorbell of each of that owner's live endpoints, so a waiting agent
-- learns its queue is claimable again: not an endpoint the owner revoked, and no endpoint of another owner.
begin;
select plan(1);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select test.owner_of(:'ep'::uuid) as owner \gset
select switchboard.vend_endpoint(owner_id => :'owner'::uuid, agent_id => 'gone') ->> 'endpoint_id' as gone \gset
select test.endpoint() as stranger \gset
select test.owner_of(:'stranger'::uuid) as stranger_owner \gset
select switchboard.set_endpoint_doorbell_url(:'owner'::uuid, e, 'http://127.0.0.1:9/' || e)
  from unnest(array[:'ep', :'gone']::uuid[]) e;
select switchboard.set_endpoint_doorbell_url(:'stranger_owner'::uuid, :'stranger'::uuid, 'http://127.0.0.1:9/s');
select switchboard.revoke_endpoint(:'owner'::uuid, :'gone'::uuid) as rv \gset

select switchboard.pause_queue(:'owner'::uuid, 'deploy') as p \gset
select switchboard.add_todo(:'ep'::uuid, 'deploy') as td \gset
delete from switchboard.deliveries;
select switchboard.resume_queue(:'owner'::uuid, 'deploy') as r \gset
select is(array(select (q->>'endpoint_id')::uuid from test.queued('switchboard_doorbell_webhook') q),
          array[:'ep'::uuid], 'only the owner''s live endpoint is rung');

select * from finish();
rollback;
