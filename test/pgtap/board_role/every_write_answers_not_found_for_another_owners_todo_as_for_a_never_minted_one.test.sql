begin;
select plan(15);

-- Owner B, signed in with a valid CSRF token, names owner A's todo on every Board entry point that changes
-- something, as the Board role: each answers the not_found of a never-minted id (the echoed id aside), and A's todo
-- does not change. A's todo is claimed from A's own Board, so each write would otherwise have a lease to act on.
select test.endpoint(handle => 'owner-a') as ep_a \gset
select test.endpoint(handle => 'owner-b') as ep_b \gset
select test.todo(:'ep_a') as td \gset
select switchboard.owner_claim(test.owner_of(:'ep_a'), :'td'::uuid) as c \gset
select test.board_session('owner-b') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf, gen_random_uuid() as never \gset
select to_jsonb(t) as before from switchboard.todos t where id = :'td' \gset

set local role switchboard_board;
-- The answers as one document: the role may not make a temporary table (migrate takes TEMPORARY from PUBLIC).
select jsonb_agg(jsonb_build_object('action', action, 'foreign_err', test.error_of(format(statement, :'secret', :'csrf', :'td')),
                                    'never_err', test.error_of(format(statement, :'secret', :'csrf', :'never')))) as answers
  from test.board_writes() \gset
reset role;
create temporary table answers on commit drop as
  select * from jsonb_to_recordset(:'answers') as a(action text, foreign_err jsonb, never_err jsonb);
select is(foreign_err->>'sqlstate', 'SB404', action || ': A''s todo is not_found for B') from answers order by action;
select is(replace(foreign_err::text, :'td', '<id>'), replace(never_err::text, :'never', '<id>'), action || ': identical to a never-minted id')
  from answers order by action;
select is((select to_jsonb(t) from switchboard.todos t where id = :'td'), :'before'::jsonb, 'A''s todo did not change');

select * from finish();
rollback;
