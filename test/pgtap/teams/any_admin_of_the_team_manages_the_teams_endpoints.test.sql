begin;
select plan(11);

-- A team's endpoints are the team's: any admin of the team revokes, rotates, sets the default queue and the doorbell of
-- a team endpoint another admin vended (the owner that vended it may too). A plain member
-- and an outsider get the not_found of an endpoint that never existed, byte for byte but for the id, and nothing
-- changes. A personal endpoint of an admin stays its own: another admin of its team gets not_found for it.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'p' as p,
       (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m, (:'f'::jsonb)->>'outsider' as o \gset
select (switchboard.add_owner('second-admin-' || substr(md5(random()::text), 1, 8))->>'owner_id') as a2 \gset
select switchboard.add_team_member(:'team'::uuid, :'a2'::uuid, 'admin') as x \gset
select gen_random_uuid() as never \gset

select is(switchboard.set_endpoint_default_queue(:'a2'::uuid, :'r'::uuid, 'tq')->>'default_queue', 'tq',
          'a second admin sets the default queue of a team endpoint the first admin vended');
select is(switchboard.set_endpoint_doorbell_url(:'a2'::uuid, :'r'::uuid, 'https://agent.example/wake')->>'doorbell_url',
          'https://agent.example/wake', 'and its doorbell');
select ok((switchboard.rotate_credential(:'a2'::uuid, :'r'::uuid, 0)->>'credential') like 'sbk_%', 'and rotates its credential');
select is(switchboard.set_endpoint_default_queue(:'a'::uuid, :'r'::uuid, 'tq2')->>'default_queue', 'tq2',
          'the owner that vended it still manages it');

create temporary table refusals on commit drop as
  select c.who, v.verb,
         test.error_of(format(v.stmt, c.owner_id, :'w')) as err,
         test.error_of(format(v.stmt, c.owner_id, :'never')) as never_err
    from (values ('a plain member', :'m'), ('an outsider', :'o')) c(who, owner_id),
         (values ('revoke', 'select switchboard.revoke_endpoint(%L, %L)'),
                 ('rotate', 'select switchboard.rotate_credential(%L, %L, 0)'),
                 ('default queue', 'select switchboard.set_endpoint_default_queue(%L, %L, ''x'')'),
                 ('doorbell', 'select switchboard.set_endpoint_doorbell_url(%L, %L, ''https://evil.example/'')')) v(verb, stmt);
select is((select count(*)::int from refusals
            where replace(err::text, :'w', '<id>') = replace(never_err::text, :'never', '<id>')
              and never_err->>'sqlstate' = 'SB404'), 8,
          'a member and an outsider: every act answers as for a never-minted endpoint (not_found)');
select is((select jsonb_build_object('revoked', revoked_at is not null, 'queue', default_queue, 'url', doorbell_url)
             from switchboard.endpoints where id = :'w'),
          jsonb_build_object('revoked', false, 'queue', null, 'url', null), 'and the worker did not change');

select is(test.error_of(format('select switchboard.set_endpoint_default_queue(%L, %L, ''x'')', :'a2', :'p'))->>'sqlstate', 'SB404',
          'a personal endpoint of the first admin is not the team''s: the second admin gets not_found');

select is((switchboard.revoke_endpoint(:'a2'::uuid, :'w'::uuid)->>'revoked_at') is not null, true,
          'the second admin revokes the team worker');
select is((select revoked_at is not null from switchboard.endpoints where id = :'w'), true, 'it is revoked');
select is(test.error_of(format('select switchboard.get_todo(%L, %L)', :'w', :'never'))->>'sqlstate', 'SB403',
          'and forbidden from then on');
select is(switchboard.owner_set_endpoint_presence(:'a2'::uuid, :'r'::uuid, false)->'clocked_in', 'false'::jsonb,
          'the second admin clocks the requester out');

select * from finish();
rollback;
