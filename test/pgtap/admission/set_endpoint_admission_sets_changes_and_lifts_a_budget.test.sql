begin;
select plan(11);

select test.endpoint() as ep \gset
select test.todo(:'ep') from generate_series(1, 4);

select is(switchboard.set_endpoint_admission(:'ep', 10, burst => 2)->>'units_available', '2', 'burst sets the bucket: starts full at 2');
select switchboard.claim_next(:'ep') \gset
select is(switchboard.set_endpoint_admission(:'ep', 10, burst => 5)->>'units_available', '1',
          'a changed budget keeps what its bucket held');
select is(switchboard.set_endpoint_admission(:'ep', 1)->>'burst', '1', 'burst null = claims_per_minute');
select switchboard.claim_next(:'ep') \gset
select throws_ok(format('select switchboard.claim_next(%L)', :'ep'), 'SB429', null, 'spent');
select is(switchboard.set_endpoint_admission(:'ep', null),
          jsonb_build_object('endpoint_id', :'ep', 'claims_per_minute', null, 'burst', null, 'units_available', null),
          'null claims_per_minute lifts the budget');
select ok(switchboard.claim_next(:'ep') ? 'attempt_seq', 'lifted: the next claim is admitted at once, no restart');
select ok(not exists (select 1 from switchboard.endpoint_admission where endpoint_id = :'ep'), 'no row: no budget');

select throws_ok(format('select switchboard.set_endpoint_admission(%L, 0)', :'ep'), 'SB422', null, '0 a minute is invalid');
select throws_ok(format('select switchboard.set_endpoint_admission(%L, 5, burst => 0)', :'ep'), 'SB422', null, 'a burst of 0 is invalid');
select throws_ok(format('select switchboard.set_endpoint_admission(%L, null, burst => 3)', :'ep'), 'SB422', null,
                 'a burst without claims_per_minute is invalid');
select throws_ok(format('select switchboard.set_endpoint_admission(%L, 5)', gen_random_uuid()), 'SB404', null,
                 'an unknown endpoint is not_found');

select * from finish();
rollback;
