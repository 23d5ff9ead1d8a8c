begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as done \gset
select switchboard.claim(:'ep'::uuid, :'done'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'done'::uuid, result => '{"ok": true}') as x \gset
select test.todo(:'ep', 'q', 1) as dead \gset
select switchboard.claim(:'ep'::uuid, :'dead'::uuid) as c2 \gset
select switchboard.fail(endpoint_id => :'ep'::uuid, todo_id => :'dead'::uuid) as f \gset

select throws_ok(format('select switchboard.agent_cancel(%L::uuid, %L::uuid)', :'ep', :'done'), 'SB409', null, 'a done todo: conflict');
select is((test.todo_row(:'done'))->>'state', 'done', 'and it stays done');
select throws_ok(format('select switchboard.agent_cancel(%L::uuid, %L::uuid)', :'ep', :'dead'), 'SB409', null, 'a dead letter: conflict');
select is((test.todo_row(:'dead'))->>'state', 'failed', 'and it stays a dead letter');

select * from finish();
rollback;
