begin;
select plan(1);

-- Twenty todos failing in the same instant do not all retry in the same instant.
select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id from generate_series(1, 20);
select switchboard.claim(:'ep'::uuid, id) from t;
select switchboard.fail(:'ep'::uuid, id) from t;

select cmp_ok((select count(distinct x.next_retry_at) from switchboard.todos x join t on t.id = x.id), '>', 1::bigint,
              'retry times are spread by jitter');

select * from finish();
rollback;
