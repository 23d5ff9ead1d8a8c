-- The Board's bulk acts on a queue (retry_dead_letters, cancel_queue), called as the Board role: without the
-- session's CSRF token, with a forged one or with a signed-out session they are forbidden and change nothing; with
-- it the owner retries its queue's dead letters and cancels its queue's todos, and never another owner's.
begin;
select plan(11);

select test.endpoint(handle => 'bulk-h') as ep \gset
select test.endpoint(handle => 'bulk-other') as other \gset
select test.todo(:'ep', 'q', max_attempts => 1) as mine \gset
select test.todo(:'other', 'q', max_attempts => 1) as theirs \gset
select switchboard.claim(:'ep'::uuid, :'mine'::uuid) as c1 \gset
select switchboard.fail(:'ep'::uuid, :'mine'::uuid) as f1 \gset
select switchboard.claim(:'other'::uuid, :'theirs'::uuid) as c2 \gset
select switchboard.fail(:'other'::uuid, :'theirs'::uuid) as f2 \gset
select test.board_session('bulk-h') as s \gset
select test.board_session('bulk-h') as gone \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf,
       (:'gone'::jsonb)->>'session_secret' as gone_secret, (:'gone'::jsonb)->>'csrf_token' as gone_csrf \gset
select switchboard.owner_sign_out(:'gone_secret') as out \gset

create temp table acts (act text);
insert into acts values ('retry_dead_letters'), ('cancel_queue');
grant select on acts to switchboard_board;
set local role switchboard_board;
select throws_ok(format('select switchboard_board.%s(%L, %L, ''q'')', act, :'secret', null),
                 'SB403', null, act || ' without the session''s CSRF token: forbidden') from acts order by act;
select throws_ok(format('select switchboard_board.%s(%L, %L, ''q'')', act, :'secret', md5('forged')),
                 'SB403', null, act || ' with a forged CSRF token: forbidden') from acts order by act;
select throws_ok(format('select switchboard_board.%s(%L, %L, ''q'')', act, :'gone_secret', :'gone_csrf'),
                 'SB403', null, act || ' from a signed-out session: forbidden') from acts order by act;
reset role;
select is((select count(*) from switchboard.todos where state = 'failed'), 2::bigint, 'no refusal changed anything');

set local role switchboard_board;
select is(switchboard_board.retry_dead_letters(:'secret', :'csrf', 'q') - 'queue' - 'team_id',
          '{"retried": 1, "more": false}'::jsonb, 'with its own token the owner retries its dead letter');
reset role;
select is(array(select state from switchboard.todos where id in (:'mine', :'theirs') order by id = :'theirs'),
          array['pending', 'failed'], 'its own, not the other owner''s');
set local role switchboard_board;
select is(switchboard_board.cancel_queue(:'secret', :'csrf', 'q') - 'queue' - 'team_id',
          '{"canceled": 1, "more": false}'::jsonb, 'and cancels its queue''s todo');
reset role;
select is(array(select state from switchboard.todos where id in (:'mine', :'theirs') order by id = :'theirs'),
          array['canceled', 'failed'], 'its own, not the other owner''s');

select * from finish();
rollback;
