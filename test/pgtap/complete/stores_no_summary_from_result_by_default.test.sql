begin;
select plan(1);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid, result => '{"secret": "only for the todo"}') as d \gset

select is((test.attempt_row(:'td', 1))->>'summary', null, 'attempt_summary_from_result is off: the summary stays null');

select * from finish();
rollback;
