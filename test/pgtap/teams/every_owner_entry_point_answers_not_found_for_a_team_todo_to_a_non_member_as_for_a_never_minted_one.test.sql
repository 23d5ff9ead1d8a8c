begin;
select plan(83);

-- Three owners outside team T: an outsider, another team's admin, and T's member just removed (who holds the Board
-- lease on the todo, and whose Board session was opened while still a member). Each names T's todo on every owner
-- entry point that takes a todo id, by owner id and through its Board session (as switchboard_board): every answer
-- is the not_found of a never-minted id, byte for byte but for the id it echoes. None lists T's todos, queues or
-- attempts, and the todo is untouched.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'member' as m \gset
select test.todo(:'r', 'tq') as done0 \gset
select switchboard.claim(:'w'::uuid, :'done0'::uuid) as c \gset
select switchboard.complete(:'w'::uuid, :'done0'::uuid) as c \gset
select test.todo(:'r', 'tq') as td \gset
select switchboard.owner_claim(:'m'::uuid, :'td'::uuid) as c \gset

create temporary table callers on commit drop as
  select c.who, ((:'f'::jsonb)->>c.owner_key)::uuid as owner_id, test.board_session((:'f'::jsonb)->>c.handle_key) as s
    from (values ('the outsider', 'outsider', 'outsider_handle'), ('another team''s admin', 'other', 'other_handle'),
                 ('the removed member', 'member', 'member_handle')) c(who, owner_key, handle_key);
select switchboard.remove_team_member(:'team'::uuid, :'m'::uuid) as removed \gset
select gen_random_uuid() as never \gset
select to_jsonb(t) - 'updated_at' as before from switchboard.todos t where t.id = :'td' \gset

create temporary table answers (who text, action text, path text, foreign_err jsonb, never_err jsonb) on commit drop;
grant all on answers to public;
grant select on callers to public;
insert into answers
  select c.who, a.action, 'by owner id', test.error_of(format(a.by_owner, c.owner_id, :'td')),
         test.error_of(format(a.by_owner, c.owner_id, :'never'))
    from callers c cross join test.owner_todo_calls() a;
set local role switchboard_board;
insert into answers
  select c.who, a.action, 'board',
         test.error_of(format(a.by_board, c.s->>'session_secret', c.s->>'csrf_token', :'td')),
         test.error_of(format(a.by_board, c.s->>'session_secret', c.s->>'csrf_token', :'never'))
    from callers c cross join test.owner_todo_calls() a;
reset role;

select is(never_err->>'sqlstate', 'SB404', action || ', ' || path || ': a never-minted id is not_found')
  from answers where who = 'the outsider' order by action, path;
select is(replace(foreign_err::text, :'td', '<id>'), replace(never_err::text, :'never', '<id>'),
          action || ', ' || path || ': ' || who || ' gets the same not_found for T''s todo')
  from answers order by who, action, path;

select is(test.ids(switchboard.owner_list_todos(owner_id)), '{}'::text[], 'owner_list_todos: ' || who || ' lists none of T''s todos')
  from callers order by who;
select is(switchboard.owner_queues(owner_id)->'queues', '[]'::jsonb, 'owner_queues: ' || who || ' sees no queue of T''s')
  from callers order by who;
select is(test.ids(switchboard.owner_activity(owner_id)), '{}'::text[], 'owner_activity: ' || who || ' sees none of T''s attempts')
  from callers order by who;
set local role switchboard_board;
select is(test.ids(switchboard_board.list_todos(s->>'session_secret')), '{}'::text[], 'board list_todos: ' || who || ' lists none')
  from callers order by who;
select is(switchboard_board.queues(s->>'session_secret')->'queues', '[]'::jsonb, 'board queues: ' || who || ' sees none')
  from callers order by who;
select is(test.ids(switchboard_board.activity(s->>'session_secret')), '{}'::text[], 'board activity: ' || who || ' sees none')
  from callers order by who;
reset role;

select is((select to_jsonb(t) - 'updated_at' from switchboard.todos t where t.id = :'td'), :'before'::jsonb, 'T''s todo is untouched');

select * from finish();
rollback;
