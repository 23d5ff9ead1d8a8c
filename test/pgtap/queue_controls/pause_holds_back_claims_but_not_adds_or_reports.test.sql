-- A paused queue takes adds, and its held todos complete as ever, but nothing is claimed from it: claim_next of the
-- queue answers empty, claim_next of any queue takes another queue's todo, claim answers throttled (paused). Across
-- all of the owner's endpoints. Resume makes it claimable again.
begin;
select plan(9);

select test.endpoint() as ep \gset
select test.owner_of(:'ep'::uuid) as owner \gset
select switchboard.vend_endpoint(owner_id => :'owner'::uuid, agent_id => 'second') ->> 'endpoint_id' as ep2 \gset
select switchboard.add_todo(:'ep'::uuid, 'deploy', priority => 9) ->> 'id' as held \gset
select switchboard.claim(:'ep'::uuid, :'held'::uuid) is not null as claimed \gset

select is(switchboard.pause_queue(:'owner'::uuid, 'deploy') ->> 'paused', 'true', 'pause_queue answers paused');
select switchboard.add_todo(:'ep'::uuid, 'deploy', priority => 9) ->> 'id' as waiting \gset
select switchboard.add_todo(:'ep2'::uuid, 'deploy', priority => 9) ->> 'id' as waiting2 \gset
select switchboard.add_todo(:'ep'::uuid, 'other') ->> 'id' as other \gset
select ok(:'waiting' is not null, 'a paused queue takes adds');
select is(switchboard.claim_next(:'ep'::uuid, 'deploy'), '{"empty": true}'::jsonb, 'claim_next of the paused queue: empty');
select is(switchboard.claim_next(:'ep2'::uuid, 'deploy'), '{"empty": true}'::jsonb, 'for every endpoint of the owner');
select is(switchboard.claim_next(:'ep'::uuid) ->> 'id', :'other', 'claim_next of any queue takes another queue''s todo');
select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'waiting'), 'SB429', null,
                 'claim of a paused queue''s todo: throttled');
select is(switchboard.complete(:'ep'::uuid, :'held'::uuid) ->> 'state', 'done', 'a held todo of the paused queue completes');

select is(switchboard.resume_queue(:'owner'::uuid, 'deploy') ->> 'paused', 'false', 'resume_queue answers not paused');
select is(switchboard.claim_next(:'ep'::uuid, 'deploy') ->> 'id', :'waiting', 'and its todos are claimed again');

select * from finish();
rollback;
