begin;
select plan(8);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid, result => '{"ok": true}', summary => 'built and tested',
                            artifact => 'mcp://cairn/receipt-42') as d \gset

select is((:'d'::jsonb)->>'state', 'done', 'the todo is done');
select is((:'d'::jsonb)->>'owner', null, 'with no owner');
select is((:'d'::jsonb)->>'lease_expires_at', null, 'and no lease');
select is((test.attempt_row(:'td', 1))->>'outcome', 'completed', 'the attempt closes completed');
select is((test.attempt_row(:'td', 1))->>'disposition', 'done', 'with disposition done');
select is((test.attempt_row(:'td', 1))->>'summary', 'built and tested', 'keeping the summary');
select is((test.attempt_row(:'td', 1))->>'artifact', 'mcp://cairn/receipt-42', 'and the artifact');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))->'result', '{"ok": true}'::jsonb, 'result is stored on the todo');

select * from finish();
rollback;
