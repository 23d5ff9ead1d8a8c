-- Anyone may pause or limit a queue name of their own, with or without todos in it, and every claim probes the
-- controls table by queue name: so a holder (an owner, or a team) holds at most queue_controls_max_per_holder
-- controls, one more is refused throttled and changes nothing, and a resumed queue with no limits gives its room back.
begin;
select plan(13);

select test.set('queue_controls_max_per_holder', '3');
select test.team() as t \gset
select ((:'t'::jsonb) ->> 'admin')::uuid as admin, ((:'t'::jsonb) ->> 'team')::uuid as team \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.owner_of(:'ep_b') as bob \gset

select lives_ok(format($q$select switchboard.pause_queue(%L, q) from unnest(array['q1', 'q2']) q$q$, :'admin'),
                'two pauses');
select lives_ok(format($q$select switchboard.set_queue_limits(%L, 'q3', max_claimed => 5)$q$, :'admin'), 'and a limit: three controls');
select throws_ok(format($q$select switchboard.pause_queue(%L, 'q4')$q$, :'admin'), 'SB429',
                 'throttled: this holder already controls 3 queues, the cap (queue_controls_max_per_holder)',
                 'a fourth queue is refused throttled, naming the setting');
select throws_ok(format($q$select switchboard.set_queue_limits(%L, 'q4', claims_per_minute => 10)$q$, :'admin'), 'SB429',
                 null, 'as a limit');
select switchboard.pause_queue(:'bob', 'bobs') \gset
select throws_ok(format($q$select switchboard.pause_queue(%L, 'bobs')$q$, :'admin'), 'SB429', null,
                 'a queue name another owner controls is a new control for this one');
select is((select count(*) from switchboard.queue_controls where holder_id = :'admin'), 3::bigint, 'and nothing was stored');
select lives_ok(format($q$select switchboard.pause_queue(%L, 'q3'), switchboard.set_queue_limits(%L, 'q1', max_claimed => 2),
                              switchboard.set_queue_limits(%L, 'q4')$q$, :'admin', :'admin', :'admin'),
                'at the cap, its own controls still change, and lifting limits nobody set takes no room');
select lives_ok(format($q$select switchboard.pause_queue(%L, q, team_id => %L) from unnest(array['q1', 'q2', 'q3']) q$q$,
                       :'admin', :'team'),
                'the team is a holder of its own: three controls of its own');
select lives_ok(format($q$select switchboard.pause_queue(%L, q) from unnest(array['q1', 'q2']) q$q$, :'bob'),
                'and another owner has room of its own');

select lives_ok(format($q$select switchboard.resume_queue(%L, 'q2')$q$, :'admin'), 'resuming q2');
select lives_ok(format($q$select switchboard.pause_queue(%L, 'q4')$q$, :'admin'), 'frees its room for q4');
select is((select array_agg(queue order by queue) from switchboard.queue_controls where holder_id = :'admin'),
          array['q1', 'q3', 'q4'], 'the holder''s controls');
select is((select count(*) from switchboard.settings_in_force() s where s.key = 'queue_controls_max_per_holder'), 1::bigint,
          'settings_in_force lists the stored cap once, as a setting it reads');

select * from finish();
rollback;
