begin;
select plan(10);

-- Removing an admin from a team ends what it manages there: the team endpoints it vended are revoked in the same
-- transaction (their credentials forbidden, the team todos their agents held dead-lettered), its personal endpoints
-- stay, and it manages nothing of the team's afterwards (not_found, as for an endpoint that never existed). The
-- remaining admin still manages the revoked endpoints.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'p' as p,
       (:'f'::jsonb)->>'cw' as cw, (:'f'::jsonb)->>'cr' as cr, (:'f'::jsonb)->>'cp' as cp,
       (:'f'::jsonb)->>'admin' as a \gset
select (switchboard.add_owner('second-admin-' || substr(md5(random()::text), 1, 8))->>'owner_id') as a2 \gset
select switchboard.add_team_member(:'team'::uuid, :'a2'::uuid, 'admin') as x \gset
select (switchboard.add_todo(:'r'::uuid, 'tq', '{}'::jsonb)->>'id') as t \gset
select switchboard.claim(:'w'::uuid, :'t'::uuid) as x \gset

select is(switchboard.remove_team_member(:'team'::uuid, :'a'::uuid)->'endpoints_revoked', '2'::jsonb,
          'removing the admin revokes the two team endpoints it vended');
select is((select count(*)::int from switchboard.endpoints where id in (:'w', :'r') and revoked_at is not null), 2,
          'both are revoked');
select is(test.attempt_row(:'t', 1)->>'disposition', 'dead_lettered',
          'the team todo its worker held is dead-lettered');
select is(test.error_of(format('select switchboard_agent.list_todos(%L)', :'cw'))->>'sqlstate', 'SB403',
          'the worker''s credential is forbidden');
select is(test.error_of(format('select switchboard_agent.list_todos(%L)', :'cr'))->>'sqlstate', 'SB403',
          'and the requester''s');
select is((select revoked_at from switchboard.endpoints where id = :'p'), null,
          'its personal endpoint stays');
select is(test.error_of(format('select switchboard.set_endpoint_default_queue(%L, %L, ''x'')', :'a', :'r'))->>'sqlstate', 'SB404',
          'the removed admin no longer manages the team endpoint it vended (not_found)');
select is(test.error_of(format('select switchboard.owner_set_endpoint_presence(%L, %L, true)', :'a', :'w'))->>'sqlstate', 'SB404',
          'nor clocks it');
select ok((switchboard.revoke_endpoint(:'a2'::uuid, :'w'::uuid)->>'revoked_at') is not null,
          'the remaining admin still manages it (revoking again changes nothing)');
select is(switchboard.remove_team_member(:'team'::uuid, :'a'::uuid)->'endpoints_revoked', '0'::jsonb,
          'removing a non-member revokes nothing');

select * from finish();
rollback;
