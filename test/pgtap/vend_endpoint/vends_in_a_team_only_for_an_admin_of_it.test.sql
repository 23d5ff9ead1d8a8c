begin;
select plan(11);

-- An admin of T vends in T: the document names the team, and so does the endpoint row. A plain member of T, an
-- outsider and another team's admin are refused with the not_found of a never-minted team id (byte for byte but for
-- the id it echoes): no one learns that T exists. A personal vend names no team.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m,
       (:'f'::jsonb)->>'outsider' as o, (:'f'::jsonb)->>'other' as other \gset
select gen_random_uuid() as never \gset

select switchboard.vend_endpoint(owner_id => :'a'::uuid, agent_id => 'fresh', verbs => array['claim_next'], team_id => :'team'::uuid) as v \gset
select is((:'v'::jsonb)->>'team_id', :'team', 'the admin vends in its team: the document names the team');
select is((select team_id::text from switchboard.endpoints where id = ((:'v'::jsonb)->>'endpoint_id')::uuid), :'team', 'and the endpoint is the team''s');
select ok((:'v'::jsonb) ? 'credential', 'the credential is shown once, as for a personal endpoint');
select is(switchboard.vend_endpoint(owner_id => :'a'::uuid, agent_id => 'solo')->'team_id', 'null'::jsonb, 'a personal vend: team_id null');

create temporary table refusals on commit drop as
  select c.who, test.error_of(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => %L, verbs => null, team_id => %L)', c.owner_id, 'sneaky', :'team')) as err,
         test.error_of(format('select switchboard.vend_endpoint(owner_id => %L, agent_id => %L, verbs => null, team_id => %L)', c.owner_id, 'sneaky', :'never')) as never_err
    from (values ('a plain member', :'m'), ('an outsider', :'o'), ('another team''s admin', :'other')) c(who, owner_id);
select is(err->>'sqlstate', 'SB404', who || ': not_found') from refusals order by who;
select is(replace(err::text, :'team', '<id>'), replace(never_err::text, :'never', '<id>'), who || ': as for a never-minted team')
  from refusals order by who;
select is((select count(*) from switchboard.endpoints where agent_id = 'sneaky'), 0::bigint, 'nothing was vended');

select * from finish();
rollback;
