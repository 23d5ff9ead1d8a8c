begin;
select plan(7);

-- claim_next reads whether its endpoint has a claim budget in its pick statement, one per path (one queue, any queue):
-- on each, a budgeted endpoint is charged one unit per claim and, its bucket empty, refused throttled with nothing
-- claimed; an endpoint without a budget claims on both paths and no bucket appears.
select test.endpoint() as ep \gset
select test.todo(:'ep') from generate_series(1, 4);
select switchboard.set_endpoint_admission(:'ep', 2) as b \gset

select is((test.claim_next(p, :'ep'))->>'state', 'claimed', p || ': a budgeted claim is admitted') from test.paths('claim_next') p;
select is((select charged from switchboard.endpoint_admission where endpoint_id = :'ep'), 2::bigint,
          'one unit charged for each path''s claim');
select throws_ok(format('select test.claim_next(%L, %L::uuid)', p, :'ep'), 'SB429', null, p || ': the empty bucket throttles')
  from test.paths('claim_next') p;
select is((select count(*) from switchboard.todos where endpoint_id = :'ep' and state = 'pending'), 2::bigint,
          'the refused claims claimed nothing');

select test.endpoint() as free \gset
select test.todo(:'free') from generate_series(1, 2);
select is((select array_agg((test.claim_next(p, :'free'))->>'state') from test.paths('claim_next') p)
          || (select count(*)::text from switchboard.endpoint_admission where endpoint_id = :'free'),
          array['claimed', 'claimed', '0'], 'without a budget: both paths claim, and no bucket is made');

select * from finish();
rollback;
