begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, mcp_session_id => 'sess-7f3a9c') as c \gset

select is((test.attempt_row(:'td', 1))->>'mcp_session_id', 'sess-7f3a9c', 'the MCP session id is stored on the attempt');
select is((test.attempt_row(:'td', 1))->>'endpoint_id', :'ep', 'so is the claiming endpoint');
select is((test.attempt_row(:'td', 1))->>'claimer_kind', 'endpoint', 'claimer_kind is endpoint');

select * from finish();
rollback;
