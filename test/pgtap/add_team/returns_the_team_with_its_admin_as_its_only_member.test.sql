begin;
select plan(7);

-- add_team makes a team whose first member is its admin, and answers the team as a document. An unknown owner is
-- not_found, a malformed name invalid; neither makes a team. Names are labels, not keys: two teams may share one.
select switchboard.add_owner('team-founder') as o \gset
select (:'o'::jsonb)->>'owner_id' as owner \gset
select count(*) as before from switchboard.teams \gset
select switchboard.add_team('Build crew', :'owner'::uuid) as t \gset

select ok((:'t'::jsonb) ?& array['id', 'name', 'created_at', 'members'], 'the document: id, name, created_at, members');
select ok((:'t'::jsonb) @> jsonb_build_object('name', 'Build crew', 'members', jsonb_build_array(
            jsonb_build_object('owner_id', :'owner', 'handle', 'team-founder', 'role', 'admin')))
          and jsonb_array_length((:'t'::jsonb)->'members') = 1,
          'named as asked, its founder its only member, an admin');
select is((select jsonb_agg(jsonb_build_object('owner_id', m.owner_id, 'role', m.role)) from switchboard.team_members m
            where m.team_id = ((:'t'::jsonb)->>'id')::uuid),
          jsonb_build_array(jsonb_build_object('owner_id', :'owner', 'role', 'admin')), 'as stored');
select isnt(switchboard.add_team('Build crew', :'owner'::uuid)->>'id', (:'t'::jsonb)->>'id', 'the same name again is another team');
select throws_ok(format('select switchboard.add_team(%L, %L::uuid)', 'Ghosts', gen_random_uuid()), 'SB404', null, 'an unknown owner: not_found');
select throws_ok(format('select switchboard.add_team(%L, %L::uuid)', '', :'owner'), 'SB422', null, 'an empty name: invalid');
select is((select count(*) from switchboard.teams), :'before'::bigint + 2, 'the refusals made no team');

select * from finish();
rollback;
