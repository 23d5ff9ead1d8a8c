-- The Board's redrive (retry_dead_letters), called as the Board role: without the session's CSRF token, with a forged
-- one or with a signed-out session it is forbidden and changes nothing; with it the owner retries its queue's dead
-- letters, and never another owner's.
begin;
select plan(6);

select test.endpoint(handle => 'redrive-h') as ep \gset
select test.endpoint(handle => 'redrive-other') as other \gset
select test.todo(:'ep', 'q', max_attempts => 1) as mine \gset
select test.todo(:'other', 'q', max_attempts => 1) as theirs \gset
select switchboard.claim(:'ep'::uuid, :'mine'::uuid) as c1 \gset
select switchboard.fail(:'ep'::uuid, :'mine'::uuid) as f1 \gset
select switchboard.claim(:'other'::uuid, :'theirs'::uuid) as c2 \gset
select switchboard.fail(:'other'::uuid, :'theirs'::uuid) as f2 \gset
select test.board_session('redrive-h') as s \gset
select test.board_session('redrive-h') as gone \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf,
       (:'gone'::jsonb)->>'session_secret' as gone_secret, (:'gone'::jsonb)->>'csrf_token' as gone_csrf \gset
select switchboard.owner_sign_out(:'gone_secret') as out \gset

set local role switchboard_board;
select throws_ok(format('select switchboard_board.retry_dead_letters(%L, %L, ''q'')', :'secret', null),
                 'SB403', null, 'without the session''s CSRF token: forbidden');
select throws_ok(format('select switchboard_board.retry_dead_letters(%L, %L, ''q'')', :'secret', md5('forged')),
                 'SB403', null, 'with a forged CSRF token: forbidden');
select throws_ok(format('select switchboard_board.retry_dead_letters(%L, %L, ''q'')', :'gone_secret', :'gone_csrf'),
                 'SB403', null, 'a signed-out session: forbidden');
reset role;
select is((select count(*) from switchboard.todos where state = 'failed'), 2::bigint, 'no refusal retried anything');

set local role switchboard_board;
select is(switchboard_board.retry_dead_letters(:'secret', :'csrf', 'q') - 'queue' - 'team_id',
          '{"retried": 1, "more": false}'::jsonb, 'with its own token the owner retries its dead letter');
reset role;
select is(array(select state from switchboard.todos where id in (:'mine', :'theirs') order by id = :'theirs'),
          array['pending', 'failed'], 'its own, not the other owner''s');

select * from finish();
rollback;
