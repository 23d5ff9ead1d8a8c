-- max_claimed: with 2 held, a third claim_next of the queue answers empty and claim answers throttled with when to
-- retry; a completion frees a place. claims_per_minute 2: the third claim within the minute is held back. A team
-- queue's limits count the team's claimers. Lifting the limits removes the controls.
begin;
select plan(10);

select test.endpoint() as ep \gset
select test.owner_of(:'ep'::uuid) as owner \gset
select switchboard.add_todo(:'ep'::uuid, 'deploy') ->> 'id' as a, switchboard.add_todo(:'ep'::uuid, 'deploy') ->> 'id' as b,
       switchboard.add_todo(:'ep'::uuid, 'deploy') ->> 'id' as c \gset
select is(switchboard.set_queue_limits(:'owner'::uuid, 'deploy', max_claimed => 2) ->> 'max_claimed', '2', 'max_claimed set');
select ok(switchboard.claim_next(:'ep'::uuid, 'deploy') ->> 'id' is not null and switchboard.claim_next(:'ep'::uuid, 'deploy') ->> 'id' is not null,
          'two claims are admitted');
select is(switchboard.claim_next(:'ep'::uuid, 'deploy'), '{"empty": true}'::jsonb, 'a third claim_next: empty');
select throws_like(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'c'), 'throttled: queue deploy is at its limit%retry in%',
                   'claim of the queue''s third todo: throttled, saying when to retry');
select is(switchboard.complete(:'ep'::uuid, :'a'::uuid) ->> 'state', 'done', 'one completes');
select is(switchboard.claim_next(:'ep'::uuid, 'deploy') ->> 'id', :'c', 'and the third is admitted');

select test.endpoint() as ep2 \gset
select test.owner_of(:'ep2'::uuid) as owner2 \gset
select count(switchboard.add_todo(:'ep2'::uuid, 'api')) as added from generate_series(1, 3) \gset
select switchboard.set_queue_limits(:'owner2'::uuid, 'api', claims_per_minute => 2) is not null as set \gset
select ok(switchboard.claim_next(:'ep2'::uuid, 'api') ->> 'id' is not null and switchboard.claim_next(:'ep2'::uuid, 'api') ->> 'id' is not null,
          'two claims within the minute');
select is(switchboard.claim_next(:'ep2'::uuid, 'api'), '{"empty": true}'::jsonb, 'the third within the minute: held back');
select is(switchboard.set_queue_limits(:'owner2'::uuid, 'api'), '{"queue": "api", "paused": false, "team_id": null, "max_claimed": null, "claims_per_minute": null}'::jsonb,
          'null lifts both limits');
select is((select count(*) from switchboard.queue_controls where holder_id = :'owner2'::uuid), 0::bigint, 'and the queue has no controls left');

select * from finish();
rollback;
