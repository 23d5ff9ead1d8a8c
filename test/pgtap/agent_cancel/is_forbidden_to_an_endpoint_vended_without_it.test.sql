begin;
select plan(3);

-- An endpoint vended before cancel existed holds the nine verbs it was vended, frozen.
select test.endpoint(array['add_todo', 'claim', 'claim_next', 'heartbeat', 'complete', 'fail', 'release', 'get_todo', 'list_todos']) as ep \gset
select test.todo(:'ep') as td \gset

select throws_ok(format('select switchboard.agent_cancel(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB403', null,
                 'cancel is forbidden to an endpoint that was not vended it');
select is((test.todo_row(:'td'))->>'state', 'pending', 'and nothing changed');
select ok('cancel' = any (switchboard_internal.agent_verbs()), 'cancel is one of the agent verbs a new endpoint can be vended');

select * from finish();
rollback;
