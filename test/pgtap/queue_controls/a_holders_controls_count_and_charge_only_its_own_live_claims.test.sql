-- Queue controls are their holder's own: another owner's controls of a queue of the same name never hold back a
-- claim, another owner's claims never fill a max_claimed, and a claim never charges another owner's limiter. And
-- only live leases fill max_claimed: a lease that has lapsed (its lease_expires_at at now() or before) holds no place.
begin;
select plan(6);

select test.endpoint() as a \gset
select test.owner_of(:'a'::uuid) as owner_a \gset
select test.endpoint() as b \gset
select test.owner_of(:'b'::uuid) as owner_b \gset

-- B pauses its deploy queue; A has no controls there: A's claim of its own deploy todo is admitted.
select switchboard.add_todo(:'a'::uuid, 'deploy') ->> 'id' as a1, switchboard.add_todo(:'a'::uuid, 'deploy') ->> 'id' as a2,
       switchboard.add_todo(:'a'::uuid, 'deploy') ->> 'id' as a3 \gset
select switchboard.pause_queue(:'owner_b'::uuid, 'deploy') is not null as paused \gset
select is(switchboard.claim(:'a'::uuid, :'a1'::uuid) ->> 'state', 'claimed', 'another owner''s paused queue of the same name holds nothing back');

-- B holds a deploy todo; A's deploy queue at max_claimed 2 holds A's one claim: A's next claims count A's alone.
select switchboard.resume_queue(:'owner_b'::uuid, 'deploy') is not null as resumed \gset
select switchboard.add_todo(:'b'::uuid, 'deploy') ->> 'id' as b1 \gset
select switchboard.claim(:'b'::uuid, :'b1'::uuid) is not null as b_claimed \gset
select switchboard.set_queue_limits(:'owner_a'::uuid, 'deploy', max_claimed => 2) is not null as set \gset
select is(switchboard.claim(:'a'::uuid, :'a2'::uuid) ->> 'state', 'claimed', 'another owner''s claims do not fill max_claimed');

-- Both of A's places are taken now; once one lease lapses (at now() exactly), it holds no place.
select throws_like(format('select switchboard.claim(%L::uuid, %L::uuid)', :'a', :'a3'), 'throttled:%', 'with two live leases the third is throttled');
update switchboard.todos set lease_expires_at = now(), head_lease_expires_at = now() where id = :'a1';
select is(switchboard.claim(:'a'::uuid, :'a3'::uuid) ->> 'state', 'claimed', 'a lease lapsed at now() holds no place');

-- Each owner's limiter: A's claims within the minute never charge B's.
select switchboard.add_todo(:'a'::uuid, 'api') ->> 'id' as x1, switchboard.add_todo(:'a'::uuid, 'api') ->> 'id' as x2 \gset
select switchboard.add_todo(:'b'::uuid, 'api') ->> 'id' as y1 \gset
select switchboard.set_queue_limits(:'owner_a'::uuid, 'api', claims_per_minute => 1) is not null as set_a,
       switchboard.set_queue_limits(:'owner_b'::uuid, 'api', claims_per_minute => 1) is not null as set_b \gset
select is(switchboard.claim(:'a'::uuid, :'x1'::uuid) ->> 'state', 'claimed', 'A''s one claim of the minute');
select is(switchboard.claim(:'b'::uuid, :'y1'::uuid) ->> 'state', 'claimed', 'leaves B''s one claim of the minute to B');

select * from finish();
rollback;
