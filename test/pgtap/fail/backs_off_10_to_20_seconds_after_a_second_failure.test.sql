begin;
select plan(1);

select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id from generate_series(1, 20);
select switchboard.claim(:'ep'::uuid, id) from t;
select switchboard.fail(:'ep'::uuid, id) from t;
select test.due(id) from t;
select switchboard.claim(:'ep'::uuid, id) from t;
select switchboard.fail(:'ep'::uuid, id) from t;

select is((select count(*) from switchboard.todos x join t on t.id = x.id
            where x.attempt = 2 and x.next_retry_at between now() + interval '10 seconds' and now() + interval '20 seconds'), 20::bigint,
          'every second retry is due 10 to 20 s after the failure');

select * from finish();
rollback;
