begin;
select plan(23);

-- Every Board entry point that changes something, called as the Board role with a live session: without the
-- session's CSRF token, with a forged one, or with the token of another live session of the same owner, it is
-- forbidden before it looks at the todo, and nothing changes. With the session's own token each one runs (the
-- claim, extend, complete, fail, release and retry_now on a lease the Board took; the cancel on a pending todo).
select test.endpoint(handle => 'csrf-h') as ep \gset
select test.todo(:'ep') as td \gset
select test.board_session('csrf-h') as s \gset
select test.board_session('csrf-h') as s2 \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf, (:'s2'::jsonb)->>'csrf_token' as other_csrf \gset
select to_jsonb(t) as before from switchboard.todos t where id = :'td' \gset

set local role switchboard_board;
select throws_ok(format(statement, :'secret', null, :'td'), 'SB403', null, action || ': no CSRF token is forbidden')
  from test.board_writes() order by action;
select throws_ok(format(statement, :'secret', md5('forged'), :'td'), 'SB403', null, action || ': a forged CSRF token is forbidden')
  from test.board_writes() order by action;
select throws_ok(format(statement, :'secret', :'other_csrf', :'td'), 'SB403', null,
                 action || ': another session''s CSRF token is forbidden')
  from test.board_writes() order by action;
reset role;
select is((select to_jsonb(t) from switchboard.todos t where id = :'td'), :'before'::jsonb, 'the todo did not change');

-- With the session's own token: the Board's whole round, then Cancel of a fresh todo.
select test.todo(:'ep') as td2 \gset
set local role switchboard_board;
select is(jsonb_build_array(
            (switchboard_board.claim(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.extend(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.release(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.claim(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.fail(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.retry_now(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.claim(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.complete(:'secret', :'csrf', :'td'::uuid))->>'state',
            (switchboard_board.cancel(:'secret', :'csrf', :'td2'::uuid))->>'state'),
          '["claimed", "claimed", "pending", "claimed", "failed", "pending", "claimed", "done", "canceled"]'::jsonb,
          'with the session''s own CSRF token every write runs');
reset role;

select * from finish();
rollback;
