begin;
select plan(2);

-- release has no result, so attempt_summary_from_result never gives it a summary.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.set('attempt_summary_from_result', 'true');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
update switchboard.todos set result = '{"earlier": "result"}' where id = :'td';
select switchboard.release(:'ep'::uuid, :'td'::uuid) as r \gset

select is((test.attempt_row(:'td', 1))->>'summary', null, 'a release without a summary stores none');
select is((test.attempt_row(:'td', 1))->'summary_truncated', 'false'::jsonb, 'and marks nothing');

select * from finish();
rollback;
