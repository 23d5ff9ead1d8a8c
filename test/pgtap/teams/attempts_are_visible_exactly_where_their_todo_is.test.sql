begin;
select plan(18);

-- Attempts carry no scope of their own. T's worker makes two attempts on a team todo the requester added (tt), and
-- one on a personal todo of its own (pt: the worker's queue pq is no team queue). The team todo's attempts are seen
-- wherever the team todo is: the requester's get_todo, a member's owner_get_todo and activity, the admin's. The
-- personal todo's attempt only where it is: by the worker and the owner that vended it, not by the requester or a
-- member. When the admin who vended both the requester and the worker leaves the team, the team's attempts are gone
-- from its reads while its endpoints' personal ones stay: neither the adder's nor the claimer's owner widens a read; the
-- team endpoints it vended are revoked with it.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset
select (switchboard.add_owner('second-admin-' || substr(md5(random()::text), 1, 8))->>'owner_id') as a2 \gset
select switchboard.add_team_member(:'team'::uuid, :'a2'::uuid, 'admin') as x \gset
select test.todo(:'r', 'tq') as tt \gset
select test.todo(:'w', 'pq') as pt \gset
select switchboard.claim(:'w'::uuid, :'tt'::uuid) as x \gset
select switchboard.fail(:'w'::uuid, :'tt'::uuid) as x \gset
select test.due(:'tt');
select switchboard.claim(:'w'::uuid, :'tt'::uuid) as x \gset
select switchboard.complete(:'w'::uuid, :'tt'::uuid) as x \gset
select switchboard.claim(:'w'::uuid, :'pt'::uuid) as x \gset
select switchboard.complete(:'w'::uuid, :'pt'::uuid) as x \gset
select gen_random_uuid() as never \gset
select is((select team_id from switchboard.todos where id = :'pt'), null, 'the worker''s todo on pq is personal');

-- The team todo's attempts.
select is(switchboard.get_todo(:'r'::uuid, :'tt'::uuid)->'attempts_total', '2'::jsonb, 'the requester''s get_todo: both of the worker''s attempts');
select is(jsonb_array_length(switchboard.owner_get_todo(:'m'::uuid, :'tt'::uuid)->'attempts'), 2, 'a member''s owner_get_todo: both');
select is((select count(*) from jsonb_array_elements(switchboard.owner_activity(:'m'::uuid)->'activity') e where e->>'todo_id' = :'tt'),
          2::bigint, 'a member''s activity: both');
select is((select count(*) from jsonb_array_elements(switchboard.owner_activity(:'a2'::uuid)->'activity') e where e->>'todo_id' = :'tt'),
          2::bigint, 'the second admin''s activity: both');

-- The personal todo's attempt.
select is(switchboard.get_todo(:'w'::uuid, :'pt'::uuid)->'attempts_total', '1'::jsonb, 'the worker reads its personal todo''s attempt');
select is(test.ids(switchboard.owner_activity(:'a'::uuid)), test.sorted(array[:'tt', :'pt']), 'the admin who vended the worker: both todos'' attempts');
select is(replace(test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'r', :'pt'))::text, :'pt', '<id>'),
          replace(test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'r', :'never'))::text, :'never', '<id>'),
          'the requester: the worker''s personal todo is a never-minted id');
select is(replace(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'m', :'pt'))::text, :'pt', '<id>'),
          replace(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'m', :'never'))::text, :'never', '<id>'),
          'a member: the same');
select is(test.ids(switchboard.owner_activity(:'m'::uuid)), array[:'tt'], 'and a member''s activity has only the team todo''s attempts');

-- The admin who vended the requester and the worker leaves the team.
select switchboard.remove_team_member(:'team'::uuid, :'a'::uuid) as x \gset
select is(test.ids(switchboard.owner_activity(:'a'::uuid)), array[:'pt'], 'the admin, removed: only the personal todo''s attempt');
select is(replace(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'a', :'tt'))::text, :'tt', '<id>'),
          replace(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'a', :'never'))::text, :'never', '<id>'),
          'the team todo is a never-minted id to it, though it vended the adder and the claimer');
select is(test.ids(switchboard.owner_list_todos(:'a'::uuid)), array[:'pt'], 'it lists only the personal todo');
select is(jsonb_array_length(switchboard.owner_get_todo(:'a'::uuid, :'pt'::uuid)->'attempts'), 1, 'whose attempt it still reads');
select is(jsonb_array_length(switchboard.owner_get_todo(:'m'::uuid, :'tt'::uuid)->'attempts'), 2, 'the member still reads the team''s');
-- The endpoints it vended in the team are revoked with it (remove_team_member): no agent of its stays in the team.
select is((select count(*)::int from switchboard.endpoints where id in (:'r', :'w') and revoked_at is not null), 2,
          'the requester and the worker it vended in the team are revoked with it');
select is(test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'r', :'tt'))->>'sqlstate', 'SB403',
          'the requester is forbidden');
select is(test.error_of(format('select switchboard.claim_next(%L::uuid, ''tq'')', :'w'))->>'sqlstate', 'SB403',
          'and so is the worker');

select * from finish();
rollback;
