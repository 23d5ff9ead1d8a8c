begin;
select plan(2);

-- Base 10 s, equal jitter: the first retry is due between 5 and 10 s from now.
select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id from generate_series(1, 20);
select switchboard.claim(:'ep'::uuid, id) from t;
select switchboard.fail(:'ep'::uuid, id) from t;

select is((select count(*) from switchboard.todos x join t on t.id = x.id
            where x.next_retry_at between now() + interval '5 seconds' and now() + interval '10 seconds'), 20::bigint,
          'every first retry is due 5 to 10 s after the failure');
select is((select count(*) from switchboard.todos x join t on t.id = x.id where x.ready_at = x.next_retry_at), 20::bigint,
          'and becomes claimable then');

select * from finish();
rollback;
