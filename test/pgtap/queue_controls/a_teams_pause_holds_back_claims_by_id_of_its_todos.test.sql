-- A team's control is its queue's: a team worker's claim by id of a team todo, and a member's claim of it on the
-- Board, are refused throttled while the team's queue is paused; the owner's personal queue of the same name is not
-- the team's, and claims by id of its todos go ahead.
begin;
select plan(5);

select test.team() as t \gset
select ((:'t'::jsonb) ->> 'admin')::uuid as admin, ((:'t'::jsonb) ->> 'team')::uuid as team,
       ((:'t'::jsonb) ->> 'r')::uuid as r, ((:'t'::jsonb) ->> 'w')::uuid as w, ((:'t'::jsonb) ->> 'p')::uuid as p \gset
select switchboard.add_todo(:'r', 'tq')->>'id' as tt \gset
select switchboard.add_todo(:'p', 'tq')->>'id' as pt \gset
select switchboard.pause_queue(:'admin', 'tq', team_id => :'team') \gset

select throws_ok(format('select switchboard.claim(%L, %L)', :'w', :'tt'), 'SB429', null,
                 'a team worker''s claim by id of a todo of the paused team queue is throttled');
select throws_ok(format('select switchboard.owner_claim(%L, %L)', :'admin', :'tt'), 'SB429', null,
                 'and so is the admin''s claim of it on the Board');
select is(switchboard.claim(:'p', :'pt')->>'id', :'pt', 'the admin''s personal tq is not paused: its todo is claimed');
select switchboard.resume_queue(:'admin', 'tq', team_id => :'team') \gset
select is(switchboard.claim(:'w', :'tt')->>'id', :'tt', 'resumed, the team worker claims it');
select is((select state from switchboard.todos where id = :'tt'), 'claimed', 'held');

select * from finish();
rollback;
