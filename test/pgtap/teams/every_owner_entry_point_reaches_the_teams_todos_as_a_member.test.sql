begin;
select plan(28);

-- A plain member of team T, who vended no endpoint, reads and acts on the team's todos as an owner does on its own:
-- by owner id (switchboard.owner_*, cancel, retry_now) and through its Board session (switchboard_board.*, as
-- switchboard_board). It sees the attempts T's worker made, and its own Board attempts are on the todos.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'member' as m,
       (:'f'::jsonb)->>'member_handle' as mh \gset
select test.todo(:'r', 'tq') as done0 \gset
select test.todo(:'r', 'tq') as a1 \gset
select test.todo(:'r', 'tq') as a2 \gset
select test.todo(:'r', 'tq') as a3 \gset
select test.todo(:'r', 'tq') as b1 \gset
select test.todo(:'r', 'tq') as b2 \gset
select test.todo(:'r', 'tq') as b3 \gset
select switchboard.claim(:'w'::uuid, :'done0'::uuid) as c \gset
select switchboard.complete(:'w'::uuid, :'done0'::uuid) as c \gset

-- Reads, by owner id.
select is(test.ids(switchboard.owner_list_todos(:'m'::uuid)), test.sorted(array[:'done0', :'a1', :'a2', :'a3', :'b1', :'b2', :'b3']),
          'owner_list_todos: every todo of the team');
select is((select q->'total' from jsonb_array_elements(switchboard.owner_queues(:'m'::uuid)->'queues') q where q->>'queue' = 'tq'),
          '7'::jsonb, 'owner_queues: the team queue with its seven todos');
select is(jsonb_array_length(switchboard.owner_get_todo(:'m'::uuid, :'done0'::uuid)->'attempts'), 1,
          'owner_get_todo: the todo with the worker''s attempt');
select is(test.ids(switchboard.owner_activity(:'m'::uuid)), array[:'done0'], 'owner_activity: the worker''s closed attempt');

-- Acts, by owner id.
select is(switchboard.owner_claim(:'m'::uuid, :'a1'::uuid)->>'id', :'a1', 'owner_claim');
select is((select owner from switchboard.todos where id = :'a1'), 'owner:' || :'mh', 'held as the member');
select is(switchboard.owner_extend(:'m'::uuid, :'a1'::uuid)->>'state', 'claimed', 'owner_extend');
select is(switchboard.owner_release(:'m'::uuid, :'a1'::uuid)->>'state', 'pending', 'owner_release');
select is(switchboard.owner_claim(:'m'::uuid, :'a1'::uuid)->>'id', :'a1', 'owner_claim again');
select is(switchboard.owner_complete(:'m'::uuid, :'a1'::uuid)->>'state', 'done', 'owner_complete');
select is(switchboard.owner_claim(:'m'::uuid, :'a2'::uuid)->>'id', :'a2', 'owner_claim another');
select is(switchboard.owner_fail(:'m'::uuid, :'a2'::uuid)->>'state', 'failed', 'owner_fail');
select is(switchboard.retry_now(:'m'::uuid, :'a2'::uuid)->>'state', 'pending', 'retry_now');
select is(switchboard.cancel(:'m'::uuid, :'a3'::uuid)->>'state', 'canceled', 'cancel');

-- The same through the member's Board session.
select test.board_session(:'mh') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf \gset
set local role switchboard_board;
select ok(array[:'b1', :'b2', :'b3', :'done0'] <@ test.ids(switchboard_board.list_todos(:'secret')), 'board list_todos: the team''s todos');
select ok(exists (select from jsonb_array_elements(switchboard_board.queues(:'secret')->'queues') q where q->>'queue' = 'tq'),
          'board queues: the team queue');
select is(jsonb_array_length(switchboard_board.get_todo(:'secret', :'done0'::uuid)->'attempts'), 1, 'board get_todo: with the worker''s attempt');
select ok(:'done0' = any (test.ids(switchboard_board.activity(:'secret'))), 'board activity: the worker''s closed attempt');
select is(switchboard_board.claim(:'secret', :'csrf', :'b1'::uuid)->>'id', :'b1', 'board claim');
select is(switchboard_board.extend(:'secret', :'csrf', :'b1'::uuid)->>'state', 'claimed', 'board extend');
select is(switchboard_board.release(:'secret', :'csrf', :'b1'::uuid)->>'state', 'pending', 'board release');
select is(switchboard_board.claim(:'secret', :'csrf', :'b1'::uuid)->>'id', :'b1', 'board claim again');
select is(switchboard_board.complete(:'secret', :'csrf', :'b1'::uuid)->>'state', 'done', 'board complete');
select is(switchboard_board.claim(:'secret', :'csrf', :'b2'::uuid)->>'id', :'b2', 'board claim another');
select is(switchboard_board.fail(:'secret', :'csrf', :'b2'::uuid)->>'state', 'failed', 'board fail');
select is(switchboard_board.retry_now(:'secret', :'csrf', :'b2'::uuid)->>'state', 'pending', 'board retry_now');
select is(switchboard_board.cancel(:'secret', :'csrf', :'b3'::uuid)->>'state', 'canceled', 'board cancel');
reset role;

select is((select array_agg(distinct a.owner_id::text) from switchboard.todo_attempts a where a.todo_id in (:'a1', :'a2', :'b1', :'b2')),
          array[:'m'], 'the Board''s attempts are the member''s');

select * from finish();
rollback;
