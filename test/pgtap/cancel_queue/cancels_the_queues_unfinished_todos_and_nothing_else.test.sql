-- An owner's purge of one personal queue: every unfinished todo of that queue, across all of its endpoints, is
-- canceled as Cancel does it: pending (ready or filed for later), claimed (its open attempt closed canceled, so the
-- holder's next report is conflict) and failed (a retry waiting or a dead letter). A done todo, another queue's
-- todo and another owner's todo in a queue of the same name are left as they were. Oldest first, in batches.
begin;
select plan(16);

select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select (switchboard.vend_endpoint(:'owner'::uuid, 'second-worker')->>'endpoint_id') as ep2 \gset
select test.endpoint() as other \gset

select test.todo(:'ep', 'q') as ready \gset
select (switchboard.add_todo(endpoint_id => :'ep2', queue => 'q', run_at => now() + interval '1 hour'))->>'id' as later \gset
select test.todo(:'ep', 'q') as held \gset
select switchboard.claim(:'ep'::uuid, :'held'::uuid) as c1 \gset
select test.todo(:'ep', 'q', max_attempts => 3) as retrying \gset
select switchboard.claim(:'ep'::uuid, :'retrying'::uuid) as c2 \gset
select switchboard.fail(:'ep'::uuid, :'retrying'::uuid) as f2 \gset
select test.todo(:'ep2', 'q', max_attempts => 1) as dead \gset
select switchboard.claim(:'ep2'::uuid, :'dead'::uuid) as c3 \gset
select switchboard.fail(:'ep2'::uuid, :'dead'::uuid) as f3 \gset
select test.todo(:'ep', 'q') as finished \gset
select switchboard.claim(:'ep'::uuid, :'finished'::uuid) as c4 \gset
select switchboard.complete(:'ep'::uuid, :'finished'::uuid) as d4 \gset
select test.todo(:'ep', 'other-q') as elsewhere \gset
select test.todo(:'other', 'q') as theirs \gset

create temp table before as
  select id, to_jsonb(t) as row from switchboard.todos t where id in (:'finished', :'elsewhere', :'theirs');

select is(switchboard.cancel_queue(:'owner'::uuid, 'q'),
          '{"queue": "q", "team_id": null, "canceled": 5, "more": false}'::jsonb,
          'five unfinished todos of the queue, from both of the owner''s endpoints, are canceled');
select is(array(select state from switchboard.todos where id in (:'ready', :'later', :'held', :'retrying', :'dead')),
          array['canceled', 'canceled', 'canceled', 'canceled', 'canceled'],
          'pending, filed for later, claimed, waiting for a retry, dead letter: all canceled');
select is((test.attempt_row(:'held', 1))->>'outcome', 'canceled', 'the held todo''s open attempt closed canceled');
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'held'), 'SB409', null,
                 'and its holder''s report is conflict');
select is((select count(*) from before b join switchboard.todos t on t.id = b.id where to_jsonb(t) = b.row), 3::bigint,
          'the done todo, the other queue''s and the other owner''s are unchanged');
select is(switchboard.cancel_queue(:'owner'::uuid, 'q') - 'queue' - 'team_id',
          '{"canceled": 0, "more": false}'::jsonb, 'a second purge finds none');

-- Oldest first, whatever the ids: of three, a batch of one cancels the one filed first.
select test.todo(:'ep', 'order') as o1 \gset
select test.todo(:'ep', 'order') as o2 \gset
select test.todo(:'ep', 'order') as o3 \gset
select greatest(:'o1'::uuid, :'o2'::uuid, :'o3'::uuid) as oldest \gset
update switchboard.todos set created_at = now() - case when id = :'oldest' then interval '2 minutes' else interval '1 minute' end
 where id in (:'o1', :'o2', :'o3');
select is(switchboard.cancel_queue(:'owner'::uuid, 'order', batch_limit => 1) - 'queue' - 'team_id',
          '{"canceled": 1, "more": true}'::jsonb, 'a batch of one: more remain');
select is(array(select id from switchboard.todos where id in (:'o1', :'o2', :'o3') and state = 'canceled'),
          array[:'oldest'::uuid], 'it canceled the one filed first');
select is(switchboard.cancel_queue(:'owner'::uuid, 'order', batch_limit => 2) - 'queue' - 'team_id',
          '{"canceled": 2, "more": false}'::jsonb, 'the next batch takes the last two');

-- Adds go on: a purge does not pause the queue.
select test.todo(:'ep', 'q') as after \gset
select is((switchboard.claim_next(:'ep'::uuid, 'q'))->>'id', :'after', 'a todo added after the purge is claimed as ever');

select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''q'', null, 0)', :'owner'), 'SB422',
                 'invalid: batch_limit must be between 1 and 1000 (the setting cancel_queue_max)', 'batch_limit 0: invalid');
select test.set('cancel_queue_max', '2');
select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''q'', null, 3)', :'owner'), 'SB422',
                 'invalid: batch_limit must be between 1 and 2 (the setting cancel_queue_max)',
                 'over the setting: invalid, naming it');

select test.set('cancel_queue_max', '1');
select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''q'', null, 2)', :'owner'), 'SB422',
                 'invalid: batch_limit must be between 1 and 1 (the setting cancel_queue_max)', 'a setting of 1 is in force');
select test.set('cancel_queue_max', '0');
select is(switchboard.cancel_queue(:'owner'::uuid, 'nothing-here', batch_limit => 1000) - 'queue' - 'team_id',
          '{"canceled": 0, "more": false}'::jsonb, 'a setting of 0 is out of range: the default, 1000, is in force');
select test.set('cancel_queue_max', '100000');
select is(switchboard.cancel_queue(:'owner'::uuid, 'nothing-here', batch_limit => 100000) - 'queue' - 'team_id',
          '{"canceled": 0, "more": false}'::jsonb, 'the setting''s most, 100000, is in force when set');
select test.set('cancel_queue_max', '100001');
select throws_ok(format('select switchboard.cancel_queue(%L::uuid, ''q'', null, 1001)', :'owner'), 'SB422',
                 'invalid: batch_limit must be between 1 and 1000 (the setting cancel_queue_max)',
                 'a setting over 100000 is out of range: the default, 1000, is in force');

select * from finish();
rollback;
