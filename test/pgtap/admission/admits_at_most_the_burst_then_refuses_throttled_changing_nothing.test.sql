begin;
select plan(11);

select test.endpoint() as ep \gset
select test.todo(:'ep') from generate_series(1, 6);
select switchboard.set_endpoint_admission(:'ep', 3) as b \gset
select is(:'b'::jsonb, jsonb_build_object('endpoint_id', :'ep', 'claims_per_minute', 3, 'burst', 3, 'units_available', 3),
          'a new budget of 3 a minute (burst null = 3) starts full');

-- One transaction: now() does not move, so no unit is refilled while the test runs.
select ok(switchboard.claim_next(:'ep') ? 'attempt_seq', 'claim 1 admitted');
select ok(switchboard.claim_next(:'ep') ? 'attempt_seq', 'claim 2 admitted');
select ok(switchboard.claim_next(:'ep') ? 'attempt_seq', 'claim 3 admitted');
select (switchboard.metrics()->>'claims_throttled')::bigint as thr0 \gset
select throws_ok(format('select switchboard.claim_next(%L)', :'ep'), 'SB429', null, 'claim 4 is throttled (SB429)');
select throws_ok(format('select switchboard.claim_next(%L)', :'ep'), 'SB429', null, 'and so is claim 5');

select is((select count(*) from switchboard.todo_attempts a join switchboard.todos t on t.id = a.todo_id
            where t.endpoint_id = :'ep'), 3::bigint, 'only the 3 admitted claims opened attempts');
select is((select count(*) from switchboard.todos t where t.endpoint_id = :'ep' and t.state = 'pending'), 3::bigint,
          'the other 3 todos are still pending, untouched');
select is((select charged from switchboard.endpoint_admission where endpoint_id = :'ep'), 3::bigint, '3 units charged');
select is((switchboard.metrics()->>'claims_throttled')::bigint - :thr0, 2::bigint,
          'each refusal counted in claims_throttled, although its statement rolled back');

select test.endpoint() as other \gset
select test.todo(:'other');
select ok(switchboard.claim_next(:'other') ? 'attempt_seq', 'another endpoint, with no budget, claims as before');

select * from finish();
rollback;
