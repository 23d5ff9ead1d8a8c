begin;
select plan(2);

select (switchboard.metrics()->>'claims_admitted')::bigint as a0 \gset
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep') \gset
select switchboard.claim(:'ep', :'td') \gset
select switchboard.complete(:'ep', :'td') \gset
select switchboard.claim_next(:'ep') \gset
select is((switchboard.metrics()->>'claims_admitted')::bigint - :a0, 2::bigint,
          'two claims admitted: one attempt closed and one open');
select switchboard.set_endpoint_admission(:'ep', 1, 1) \gset
select test.todo(:'ep') as t3 \gset
select test.todo(:'ep') as t4 \gset
select switchboard.claim(:'ep', :'t3') \gset
select ok(test.error_of(format('select switchboard.claim(%L, %L)', :'ep', :'t4'))->>'sqlstate' = 'SB429'
          and (switchboard.metrics()->>'claims_admitted')::bigint - :a0 = 3, 'a third admitted, and a refused fourth not counted');

select * from finish();
rollback;
