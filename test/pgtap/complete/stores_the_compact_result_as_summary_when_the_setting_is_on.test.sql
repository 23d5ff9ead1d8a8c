begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select test.todo(:'ep') as t3 \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'t1', :'t2', :'t3']::uuid[]) x;
select test.set('attempt_summary_from_result', 'true');

select switchboard.complete(:'ep'::uuid, :'t1'::uuid, result => '{"msg": "a b, c: d", "n": [1, 2], "q": "say \"hi there\""}') as d1 \gset
select is((test.attempt_row(:'t1', 1))->>'summary', '{"n":[1,2],"q":"say \"hi there\"","msg":"a b, c: d"}',
          'the compact JSON of result is the summary (spaces inside strings kept)');

-- '{"logs":"' is 9 bytes, so the 2-byte characters after it straddle byte 2048.
select switchboard.complete(:'ep'::uuid, :'t2'::uuid, result => jsonb_build_object('logs', repeat('é', 1100))) as d2 \gset
select is((test.attempt_row(:'t2', 1))->>'summary', '{"logs":"' || repeat('é', 1019), 'a long result is cut like any summary, on a character boundary');
select is(octet_length((test.attempt_row(:'t2', 1))->>'summary'), 2047, 'to 2047 bytes: 9 + 1019 characters of 2 bytes');
select is((test.attempt_row(:'t2', 1))->'summary_truncated', 'true'::jsonb, 'and marked');

select switchboard.complete(:'ep'::uuid, :'t3'::uuid, result => '{"n": 1}', summary => 'my own words') as d3 \gset
select is((test.attempt_row(:'t3', 1))->>'summary', 'my own words', 'a summary that is sent wins over the result');

select * from finish();
rollback;
