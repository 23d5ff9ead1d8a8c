begin;
select plan(17);

-- Every document an agent verb (and the owner's retry_now and cancel) returns, walked as text and key by key:
-- no endpoint id, no MCP session id, and nothing about a lease token (the token, its SHA-256, or a key naming
-- either). The one exception is the lease_token a fenced claim hands back once.
select test.endpoint() as ep \gset
select 'mcp-sess-' || md5(random()::text) as sess \gset
create temporary table docs (verb text, doc jsonb, allow text[] default '{}') on commit drop;

select (switchboard.add_todo(:'ep'::uuid, 'q', payload => '{"p": 1}'))->>'id' as td \gset
select (switchboard.add_todo(:'ep'::uuid, 'dead', max_attempts => 1))->>'id' as dead \gset
insert into docs (verb, doc) values ('add_todo', switchboard.add_todo(:'ep'::uuid, 'q2'));
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'c1', require_fence => true, mcp_session_id => :'sess') as c1 \gset
select (:'c1'::jsonb)->>'lease_token' as tok \gset
insert into docs values ('claim (fenced)', :'c1'::jsonb, '{lease_token}');
insert into docs (verb, doc) values
  ('heartbeat', switchboard.heartbeat(:'ep'::uuid, :'td'::uuid, lease_token => :'tok')),
  ('get_todo (open, fenced)', switchboard.get_todo(:'ep'::uuid, :'td'::uuid)),
  ('fail', switchboard.fail(:'ep'::uuid, :'td'::uuid, lease_token => :'tok', summary => 's1'));
select test.due(:'td');
insert into docs (verb, doc) values ('claim_next', switchboard.claim_next(:'ep'::uuid, 'q', mcp_session_id => :'sess'));
insert into docs (verb, doc) values ('release', switchboard.release(:'ep'::uuid, :'td'::uuid));
insert into docs (verb, doc) values ('claim', switchboard.claim(:'ep'::uuid, :'td'::uuid, mcp_session_id => :'sess'));
insert into docs (verb, doc) values ('list_todos', switchboard.list_todos(:'ep'::uuid));
insert into docs (verb, doc) values ('complete', switchboard.complete(:'ep'::uuid, :'td'::uuid, result => '{"r": 1}'));
insert into docs (verb, doc) values ('get_todo (closed)', switchboard.get_todo(:'ep'::uuid, :'td'::uuid));
insert into docs (verb, doc) values ('claim_next (empty)', switchboard.claim_next(:'ep'::uuid, 'none'));
select switchboard.claim(:'ep'::uuid, :'dead'::uuid, mcp_session_id => :'sess') as cd \gset
select switchboard.fail(:'ep'::uuid, :'dead'::uuid) as fd \gset
insert into docs (verb, doc) values ('retry_now', switchboard.retry_now(test.owner_of(:'ep'), :'dead'::uuid));
insert into docs (verb, doc) values ('cancel', switchboard.cancel(test.owner_of(:'ep'), :'dead'::uuid));

select is(test.leaks(d.doc, array[:'ep', :'sess', encode(sha256(convert_to(:'tok', 'UTF8')), 'hex')]
                             || case when d.verb = 'claim (fenced)' then '{}'::text[] else array[:'tok'] end, d.allow),
          '{}'::text[], d.verb || ' leaks nothing')
  from docs d order by d.verb;

select is((test.attempt_row(:'td', 1))->>'mcp_session_id', :'sess', 'the session id is stored on the attempt row all the same');
select is(test.leaks(jsonb_build_object('x', :'ep'::text), array[:'ep']), array['text:' || :'ep'], 'the walk does find an endpoint id');
select is(test.leaks('{"a": [{"lease_token_sha256": 1}]}'::jsonb, '{}'), array['key:lease_token_sha256'], 'and a nested key');

select * from finish();
rollback;
