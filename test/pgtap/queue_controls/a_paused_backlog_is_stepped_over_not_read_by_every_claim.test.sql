-- claim_next of any queue, when the best todo is in a queue held back (a paused backlog), takes the best of the other
-- queues without reading the backlog: each other queue offers its best todo, so the claim reads a few rows whatever
-- the backlog holds (it read every todo of the scopes before). Counted with this transaction's own table statistics,
-- not timed. The order stays the controlled pick's: priority, then ready time, lapsed leases below their cap among
-- them, in both scopes of a team endpoint.
begin;
select plan(9);

select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'admin' as admin \gset
select test.owner_of(:'w'::uuid) as owner \gset

select count(switchboard.add_todo(:'w'::uuid, 'backlog', priority => 9)) as n from generate_series(1, 2000) \gset
select switchboard.add_todo(:'w'::uuid, 'mail', priority => 1) ->> 'id' as mail \gset
select switchboard.add_todo(:'w'::uuid, 'docs', priority => 5) ->> 'id' as docs \gset
select switchboard.add_todo(:'r'::uuid, 'tq', priority => 3) ->> 'id' as team_todo \gset
select switchboard.add_todo(:'w'::uuid, 'lapse', priority => 4) ->> 'id' as lapsing \gset
select switchboard.claim(:'w'::uuid, :'lapsing'::uuid, lease_seconds => 1) is not null as held \gset
-- A backlog todo's lease lapsed first, so claim_next's own pick (lapsed leases first) meets the backlog at every call.
select switchboard.claim_next(:'w'::uuid, 'backlog', lease_seconds => 1) ->> 'id' as lapsed_backlog \gset
update switchboard.todos set lease_expires_at = now() - interval '1 second', head_lease_expires_at = now() - interval '1 second'
 where id = :'lapsing';
update switchboard.todos set lease_expires_at = now() - interval '10 seconds', head_lease_expires_at = now() - interval '10 seconds'
 where id = :'lapsed_backlog';
select switchboard.pause_queue(:'owner'::uuid, 'backlog') is not null as paused \gset

create function pg_temp.reads() returns bigint language sql as $$
  select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) from pg_stat_xact_user_tables
   where relid = 'switchboard.todos'::regclass
$$;
select pg_temp.reads() as before \gset
select is(switchboard.claim_next(:'w'::uuid) ->> 'id', :'docs', 'the backlog held back (its lapsed lease met first): the best of the other queues (priority 5)');
select cmp_ok(pg_temp.reads() - :before, '<', 100::bigint, 'read without reading the 2,000 paused todos');
select is(switchboard.claim_next(:'w'::uuid) ->> 'id', :'lapsing', 'then the lapsed lease below its cap (priority 4)');
select is(switchboard.claim_next(:'w'::uuid) ->> 'id', :'team_todo', 'then the team''s todo (priority 3, the other scope)');
select is(switchboard.claim_next(:'w'::uuid) ->> 'id', :'mail', 'then the last one (priority 1)');
select pg_temp.reads() as before \gset
select is(switchboard.claim_next(:'w'::uuid), '{"empty": true}'::jsonb, 'nothing outside the backlog: empty');
select cmp_ok(pg_temp.reads() - :before, '<', 100::bigint, 'still without reading the backlog');
select is((select count(*) from switchboard.todos where queue = 'backlog' and state = 'pending'), 1999::bigint,
          'the backlog is untouched');
select is(switchboard.resume_queue(:'owner'::uuid, 'backlog') ->> 'paused', 'false', 'resumed');

select * from finish();
rollback;
