-- A team's queue is purged by any member of the team, as Cancel of one of its todos; a team the owner is not in is
-- not_found exactly as an unknown team, an unknown owner not_found, a malformed queue invalid, and none of them
-- changes anything; an outsider's personal queue of the same name holds none of the team's todos.
begin;
select plan(7);

select test.team() as t \gset
select ((:'t'::jsonb)->>'team')::uuid as team, ((:'t'::jsonb)->>'team2')::uuid as team2,
       ((:'t'::jsonb)->>'member')::uuid as member, ((:'t'::jsonb)->>'outsider')::uuid as outsider,
       ((:'t'::jsonb)->>'r')::uuid as r \gset
select test.todo(:'r', 'tq') as td \gset
select to_jsonb(t) as before from switchboard.todos t where id = :'td' \gset

select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''tq'', %L::uuid)', :'outsider', :'team'),
                 'SB404', 'not_found: no team ' || :'team' || ' in this scope', 'a team the owner is not in: not_found');
select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''tq'', %L::uuid)', :'member', :'team2'),
                 'SB404', 'not_found: no team ' || :'team2' || ' in this scope', 'another team: not_found');
select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''tq'')', gen_random_uuid()),
                 'SB404', null, 'an unknown owner: not_found');
select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''no spaces'', %L::uuid)', :'member', :'team'),
                 'SB422', null, 'a malformed queue: invalid');
select is(switchboard.cancel_queue(:'outsider'::uuid, 'tq') - 'queue' - 'team_id',
          '{"canceled": 0, "more": false}'::jsonb, 'an outsider''s personal queue of the same name holds none of the team''s');
select is((select to_jsonb(t) from switchboard.todos t where id = :'td'), :'before'::jsonb, 'nothing changed the todo');

select is(switchboard.cancel_queue(:'member'::uuid, 'tq', :'team'::uuid),
          jsonb_build_object('queue', 'tq', 'team_id', :'team', 'canceled', 1, 'more', false),
          'a member of the team purges the team''s queue');

select * from finish();
rollback;
