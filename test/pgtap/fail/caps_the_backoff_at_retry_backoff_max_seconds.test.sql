begin;
select plan(2);

-- Base 10, max 15: the third retry would wait 40 s; the cap makes it 15, jittered to 7.5..15.
select test.endpoint() as ep \gset
select test.set('retry_backoff_max_seconds', '15');
create temporary table t on commit drop as select test.todo(:'ep', max_attempts => 10) as id from generate_series(1, 20);
select switchboard.claim(:'ep'::uuid, id), switchboard.fail(:'ep'::uuid, id), test.due(id) from t;
select switchboard.claim(:'ep'::uuid, id), switchboard.fail(:'ep'::uuid, id), test.due(id) from t;
select switchboard.claim(:'ep'::uuid, id) from t;
select switchboard.fail(:'ep'::uuid, id) from t;

select is((select count(*) from switchboard.todos x join t on t.id = x.id
            where x.attempt = 3 and x.next_retry_at between now() + interval '7.5 seconds' and now() + interval '15 seconds'), 20::bigint,
          'the delay never exceeds retry_backoff_max_seconds');
select test.set('retry_backoff_base_seconds', '100');
select test.due(id) from t;
select switchboard.claim(:'ep'::uuid, id) from t;
select switchboard.fail(:'ep'::uuid, id) from t;
select is((select count(*) from switchboard.todos x join t on t.id = x.id
            where x.next_retry_at between now() + interval '7.5 seconds' and now() + interval '15 seconds'), 20::bigint,
          'even when the base alone exceeds it (settings read on every failure)');

select * from finish();
rollback;
