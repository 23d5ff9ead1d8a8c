begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'t1', :'t2']::uuid[]) x;

select switchboard.fail(:'ep'::uuid, :'t1'::uuid, result => '{"exit": 2}') as f1 \gset
select is((test.attempt_row(:'t1', 1))->>'summary', null, 'off by default');
select test.set('attempt_summary_from_result', 'true');
select switchboard.fail(:'ep'::uuid, :'t2'::uuid, result => '{"exit": 2, "why": "disk full"}') as f2 \gset
select is((test.attempt_row(:'t2', 1))->>'summary', '{"why":"disk full","exit":2}', 'on: the compact JSON of result');

select * from finish();
rollback;
