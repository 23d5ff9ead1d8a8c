begin;
select plan(12);

-- Who may clock a team endpoint: the owner that vended it, and an admin of its team (by owner id and through a Board
-- session). A plain member, an outsider, another team's admin, and an admin once removed get the not_found of an
-- endpoint that never existed, byte for byte but for the id it echoes, and the endpoint does not change. The team
-- worker clocks itself with its credential, and only itself.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'admin' as a,
       (:'f'::jsonb)->>'cw' as cw \gset
select 'second-admin-' || substr(md5(random()::text), 1, 8) as a2h \gset
select (switchboard.add_owner(:'a2h')->>'owner_id') as a2 \gset
select switchboard.add_team_member(:'team'::uuid, :'a2'::uuid, 'admin') as x \gset
select gen_random_uuid() as never \gset

select is(switchboard.owner_set_endpoint_presence(:'a2'::uuid, :'w'::uuid, false)->'clocked_in', 'false'::jsonb,
          'another admin of the team clocks the worker out');
select is(switchboard.owner_set_endpoint_presence(:'a'::uuid, :'w'::uuid, true)->'clocked_in', 'true'::jsonb, 'the owner that vended it clocks it in');
select test.board_session(:'a2h') as s \gset
set local role switchboard_board;
select is(switchboard_board.set_endpoint_presence((:'s'::jsonb)->>'session_secret', (:'s'::jsonb)->>'csrf_token', :'w'::uuid, false)->'clocked_in',
          'false'::jsonb, 'the other admin, through its Board session');
reset role;
select switchboard.owner_set_endpoint_presence(:'a'::uuid, :'w'::uuid, true) as x \gset

select switchboard.remove_team_member(:'team'::uuid, :'a2'::uuid) as x \gset
create temporary table refusals on commit drop as
  select c.who, test.error_of(format('select switchboard.owner_set_endpoint_presence(%L, %L, false)', c.owner_id, :'w')) as err,
         test.error_of(format('select switchboard.owner_set_endpoint_presence(%L, %L, false)', c.owner_id, :'never')) as never_err
    from (values ('a plain member', (:'f'::jsonb)->>'member'), ('an outsider', (:'f'::jsonb)->>'outsider'),
                 ('another team''s admin', (:'f'::jsonb)->>'other'), ('a removed admin', :'a2')) c(who, owner_id);
select is(replace(err::text, :'w', '<id>'), replace(never_err::text, :'never', '<id>'), who || ': as for a never-minted endpoint')
  from refusals order by who;
select is(never_err->>'sqlstate', 'SB404', 'which is not_found') from refusals where who = 'an outsider';
select is((select clocked_in from switchboard.endpoints where id = :'w'), true, 'the worker is still clocked in');

set local role switchboard_agent;
select is(switchboard_agent.clock_out(:'cw')->'clocked_in', 'false'::jsonb, 'the worker clocks itself out');
reset role;
select is((select jsonb_object_agg(id, clocked_in) from switchboard.endpoints where id in (:'w', :'r')),
          jsonb_build_object(:'w', false, :'r', true), 'itself only: the requester stays clocked in');
set local role switchboard_agent;
select is(switchboard_agent.clock_in(:'cw')->'clocked_in', 'true'::jsonb, 'and clocks itself back in');
reset role;

select * from finish();
rollback;
