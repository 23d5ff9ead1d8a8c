-- Redrive refusals change nothing: a batch_limit below 1 or over the setting retry_dead_letters_max (1000 unless set),
-- or a malformed queue, is invalid; an unknown owner,
-- and a team the owner is not in, are not_found, exactly as for an unknown team. A member of a team (not only its
-- admin) redrives the team's queue, as it may Retry now each of its todos; an outsider's redrive of a queue of the
-- same name reaches only its own.
begin;
select plan(10);

select test.team() as t \gset
select ((:'t'::jsonb)->>'team')::uuid as team, ((:'t'::jsonb)->>'team2')::uuid as team2,
       ((:'t'::jsonb)->>'member')::uuid as member, ((:'t'::jsonb)->>'outsider')::uuid as outsider,
       ((:'t'::jsonb)->>'r')::uuid as r, ((:'t'::jsonb)->>'w')::uuid as w \gset
select test.todo(:'r', 'tq', max_attempts => 1) as dead \gset
select switchboard.claim(:'w'::uuid, :'dead'::uuid) as c \gset
select switchboard.fail(:'w'::uuid, :'dead'::uuid) as f \gset
select to_jsonb(t) as before from switchboard.todos t where id = :'dead' \gset

select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''tq'', %L::uuid, 0)', :'member', :'team'),
                 'SB422', null, 'batch_limit 0: invalid');
select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''tq'', %L::uuid, 1001)', :'member', :'team'),
                 'SB422', null, 'batch_limit 1001: invalid');
select test.set('retry_dead_letters_max', '5');
select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''tq'', %L::uuid, 6)', :'member', :'team'),
                 'SB422', 'invalid: batch_limit must be between 1 and 5 (the setting retry_dead_letters_max)',
                 'over the setting retry_dead_letters_max: invalid, naming it');
delete from switchboard.settings where key = 'retry_dead_letters_max';
select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''no spaces'', %L::uuid)', :'member', :'team'),
                 'SB422', null, 'a malformed queue: invalid');
select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''tq'')', gen_random_uuid()),
                 'SB404', null, 'an unknown owner: not_found');
select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''tq'', %L::uuid)', :'outsider', :'team'),
                 'SB404', 'not_found: no team ' || :'team' || ' in this scope', 'a team the owner is not in: not_found');
select throws_ok(format('select switchboard.retry_dead_letters(%L::uuid, ''tq'', %L::uuid)', :'member', :'team2'),
                 'SB404', 'not_found: no team ' || :'team2' || ' in this scope', 'another team: not_found');
select is(switchboard.retry_dead_letters(:'outsider'::uuid, 'tq') - 'queue' - 'team_id',
          '{"retried": 0, "more": false}'::jsonb, 'an outsider''s personal queue of the same name holds none of the team''s');
select is((select to_jsonb(t) from switchboard.todos t where id = :'dead'), :'before'::jsonb, 'no refusal changed the todo');

select is(switchboard.retry_dead_letters(:'member'::uuid, 'tq', :'team'::uuid),
          jsonb_build_object('queue', 'tq', 'team_id', :'team', 'retried', 1, 'more', false),
          'a member of the team redrives the team''s queue');

select * from finish();
rollback;
