begin;
select plan(9);

-- An owner may have at most endpoints_max_per_owner live endpoints and a team endpoints_max_per_team: one more vend
-- is refused throttled (SB429), counted in metrics' vends_refused_at_cap, and vends nothing. A revoked endpoint
-- does not count, so revoking one makes room. Another owner is not affected.
select test.team() as f \gset
insert into switchboard.settings (key, value) values ('endpoints_max_per_owner', '3'), ('endpoints_max_per_team', '3')
  on conflict (key) do update set value = excluded.value;
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'other' as o,
       (:'f'::jsonb)->>'w' as w \gset
select (switchboard.add_owner('second-admin-' || substr(md5(random()::text), 1, 8))->>'owner_id') as a2 \gset
select switchboard.add_team_member(:'team'::uuid, :'a2'::uuid, 'admin') as x \gset
select coalesce((switchboard.metrics()->>'vends_refused_at_cap')::bigint, 0) as c0 \gset
select count(*) as n0 from switchboard.endpoints \gset

-- test.team() vended three live endpoints for the admin (requester and worker in the team, a personal worker): the
-- team has two.
select throws_ok(format('select switchboard.vend_endpoint(%L, ''more'')', :'a'), 'SB429',
                 'throttled: this owner already has 3 live endpoints, the cap (endpoints_max_per_owner)',
                 'an owner at its cap: throttled, naming the setting');
select is((switchboard.metrics()->>'vends_refused_at_cap')::bigint - :c0, 1::bigint, 'counted');
select lives_ok(format('select switchboard.vend_endpoint(%L, ''fine'')', :'o'), 'another owner vends as before');
select ok((switchboard.vend_endpoint(owner_id => :'a2'::uuid, agent_id => 'third', team_id => :'team'::uuid)->>'endpoint_id') is not null,
          'the second admin vends the team''s third live endpoint');
select throws_ok(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => ''fourth'', team_id => %L)', :'a2', :'team'), 'SB429',
                 'throttled: this team already has 3 live endpoints, the cap (endpoints_max_per_team)',
                 'a fourth in the team: throttled, though the second admin is below its own cap');
select is((switchboard.metrics()->>'vends_refused_at_cap')::bigint - :c0, 2::bigint, 'counted too');
select is((select count(*) from switchboard.endpoints) - :n0, 2::bigint, 'only the two vends admitted made an endpoint');
select switchboard.revoke_endpoint(:'a'::uuid, :'w'::uuid) as x \gset
select lives_ok(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => ''fourth'', team_id => %L)', :'a2', :'team'),
                'revoking one makes room in the team');
select is((select in_force from switchboard.settings_in_force() where key = 'endpoints_max_per_owner'), '3',
          'settings_in_force lists the cap in force');

select * from finish();
rollback;
