begin;
select plan(6);

-- add_team_queue names a queue the team shares; naming it again answers the same document and adds nothing. A
-- malformed queue name is invalid, an unknown team not_found. Another team may share the same queue name.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'team2' as team2 \gset

select switchboard.add_team_queue(:'team'::uuid, 'builds') as first \gset
select is((:'first'::jsonb) - 'created_at', jsonb_build_object('team_id', :'team', 'queue', 'builds'), 'the team queue');
select is(switchboard.add_team_queue(:'team'::uuid, 'builds'), :'first'::jsonb, 'again: the same document, created_at included');
select is((select count(*) from switchboard.team_queues where team_id = :'team' and queue = 'builds'), 1::bigint, 'one row');
select is(switchboard.add_team_queue(:'team2'::uuid, 'builds')->>'team_id', :'team2', 'another team may name builds too');
select throws_ok(format('select switchboard.add_team_queue(%L::uuid, %L)', :'team', 'no spaces'), 'SB422', null, 'a malformed name: invalid');
select throws_ok(format('select switchboard.add_team_queue(%L::uuid, %L)', gen_random_uuid(), 'builds'), 'SB404', null, 'an unknown team: not_found');

select * from finish();
rollback;
