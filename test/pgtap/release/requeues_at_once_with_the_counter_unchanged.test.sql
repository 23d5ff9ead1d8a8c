begin;
select plan(6);

-- On each path of release (the one statement, and the long way it takes when that matched nothing), with and
-- without an artifact: the todo is pending again, claimable at once, no retry scheduled, the counter unchanged; the
-- attempt closes released/requeued keeping the summary and artifact; the next claim is attempt 2.
select test.endpoint() as ep \gset
create temporary table cases (p text, artifact text, td uuid) on commit drop;
insert into cases (p, artifact) select p, a from test.paths('release') p, (values (null), ('https://ci.example.com/1')) v(a);
update cases set td = test.todo(:'ep');
select switchboard.claim(:'ep'::uuid, td) from cases;
create temporary table released on commit drop as
  select p, artifact, td, test.release(p, :'ep', td, summary => 'shutting down', artifact => artifact) as r from cases;

select is((select jsonb_build_object('state', r->>'state', 'attempt', (r->>'attempt')::int, 'next_retry_at', r->>'next_retry_at',
                                     'ready_now', (t.row->>'ready_at')::timestamptz = now(),
                                     'outcome', a->>'outcome', 'disposition', a->>'disposition', 'summary', a->>'summary',
                                     'artifact', a->>'artifact')
             from test.attempt_row(td, 1) a, test.todo_row(td) t(row)),
          jsonb_build_object('state', 'pending', 'attempt', 1, 'next_retry_at', null, 'ready_now', true,
                             'outcome', 'released', 'disposition', 'requeued', 'summary', 'shutting down', 'artifact', artifact),
          p || coalesce(', artifact ' || artifact, '') || ': pending, ready now, no backoff, counter 1; closed released/requeued')
  from released order by p, artifact nulls first;
select is(((switchboard.claim(:'ep'::uuid, td))->>'attempt')::int, 2, p || ': the next claim is attempt 2')
  from released where artifact is null order by p;

select * from finish();
rollback;
