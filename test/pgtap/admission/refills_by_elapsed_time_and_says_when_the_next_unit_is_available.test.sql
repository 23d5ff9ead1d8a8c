begin;
select plan(10);

select test.endpoint() as ep \gset
select test.todo(:'ep') from generate_series(1, 5);
select switchboard.set_endpoint_admission(:'ep', 2, burst => 1) \gset
select ok(switchboard.claim_next(:'ep') ? 'attempt_seq', 'the one unit of a burst of 1 is admitted');

select test.error_of(format('select switchboard.claim_next(%L)', :'ep')) as e \gset
select is(:'e'::jsonb->>'sqlstate', 'SB429', 'the next claim is throttled');
select is((:'e'::jsonb->>'detail')::jsonb, '{"retry_after_seconds": 30}'::jsonb,
          'DETAIL: retry_after_seconds = 30 (a unit every 30 s at 2 a minute)');
select matches(:'e'::jsonb->>'message', '^throttled: .*the next unit is available in 30 s \(at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$',
               'the message starts with throttled and says when the next unit is available');
select matches(:'e'::jsonb->>'hint', '^Wait 30 seconds', 'the hint tells the agent to wait');

-- 15 s later half a unit has come back: still throttled, 15 s to go.
update switchboard.endpoint_admission set refilled_at = refilled_at - interval '15 seconds' where endpoint_id = :'ep';
select is((test.error_of(format('select switchboard.claim_next(%L)', :'ep'))->>'detail')::jsonb,
          '{"retry_after_seconds": 15}'::jsonb, 'half a unit refilled: 15 s to go');

-- An hour later the bucket holds its burst (1), not 120 units.
update switchboard.endpoint_admission set refilled_at = refilled_at - interval '1 hour' where endpoint_id = :'ep';
select ok(switchboard.claim_next(:'ep') ? 'attempt_seq', 'refilled: admitted');
select throws_ok(format('select switchboard.claim_next(%L)', :'ep'), 'SB429', null, 'but only up to the burst');

-- Over budget with nothing claimable: empty, not throttled (there was nothing to admit).
select switchboard.claim_next(:'ep', queue => 'nothing-here') as x \gset
select is(:'x'::jsonb, '{"empty": true}'::jsonb, 'claim_next with nothing claimable answers empty, even over budget');
select throws_ok(format('select switchboard.claim(%L, %L)', :'ep',
                        (select id from switchboard.todos where endpoint_id = :'ep' and state = 'claimed' limit 1)),
                 'SB409', null, 'a claim that is not possible anyway answers conflict, not throttled');

select * from finish();
rollback;
