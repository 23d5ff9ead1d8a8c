begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset

select is(switchboard.set_attempt_summary_from_result(true), '{"attempt_summary_from_result": true}'::jsonb, 'switched on');
select switchboard.claim(:'ep'::uuid, :'t1'::uuid), switchboard.complete(:'ep'::uuid, :'t1'::uuid, result => '{"ok": 1}');
select is((test.attempt_row(:'t1', 1))->>'summary', '{"ok":1}', 'a complete without a summary stores its result');
select switchboard.set_attempt_summary_from_result(false);
select switchboard.claim(:'ep'::uuid, :'t2'::uuid), switchboard.complete(:'ep'::uuid, :'t2'::uuid, result => '{"ok": 2}');
select is((test.attempt_row(:'t2', 1))->>'summary', null, 'switched off, it stores none');
select throws_ok('select switchboard.set_attempt_summary_from_result(null)', 'SB422', null, 'null is invalid');

select * from finish();
rollback;
