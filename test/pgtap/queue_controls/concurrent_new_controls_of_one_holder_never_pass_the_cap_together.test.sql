-- queue_controls_max_per_holder holds under concurrency: a holder one short of the cap (the default, 1000) pauses two
-- new queues from two sessions at once (dblink). The first holds the holder's row until it commits; the second waits
-- for it, then counts the first's control and is refused throttled. Both the owner's cap and a team's. Committed rows
-- are deleted (and no setting is written, so a failure here leaves nothing that changes another test).
begin;
select plan(7);

select dblink_connect('setup', test.conninfo()) as c \gset
select o from dblink('setup', $q$select (switchboard.add_owner('capc-' || md5(random()::text))->>'owner_id')$q$) as x(o text) \gset
select t from dblink('setup', format($q$select (switchboard.add_team('capc team ' || md5(random()::text), %L)->>'id')$q$, :'o'))
  as x(t text) \gset
select n from dblink('setup', format($q$select count(switchboard.pause_queue(%L, 'q' || g))::int from generate_series(1, 999) g$q$, :'o'))
  as x(n int) \gset
select n from dblink('setup', format($q$select count(switchboard.pause_queue(%L, 'q' || g, team_id => %L))::int
                                         from generate_series(1, 999) g$q$, :'o', :'t')) as x(n int) \gset

select dblink_connect('a', test.conninfo()) as c \gset
select dblink_connect('b', test.conninfo()) as c \gset
select dblink_exec('b', 'set lock_timeout = ''20s''') as s \gset

-- The owner: a pauses "two" and holds its transaction open; b's pause of "three" waits on the owner's row.
select dblink_exec('a', 'begin') as s \gset
select p from dblink('a', format($q$select switchboard.pause_queue(%L, 'two')::text$q$, :'o')) as x(p text) \gset
select dblink_send_query('b', format($q$select coalesce(test.error_of(%L)->>'sqlstate', 'ok')$q$,
                                    format($q$select switchboard.pause_queue(%L, 'three')$q$, :'o'))) as sent \gset
select pg_sleep(0.3);
select is(dblink_is_busy('b'), 1, 'the second new control waits for the first');
select dblink_exec('a', 'commit') as s \gset
select is((select r from dblink_get_result('b') as x(r text)), 'SB429', 'and once it commits, is refused throttled');
select count(*) as rest from dblink_get_result('b') as x(r text) \gset
select n from dblink('setup', format($q$select count(*)::int from switchboard.queue_controls where holder_id = %L$q$, :'o')) as x(n int) \gset
select is(:n, 1000, 'the owner holds 1000 controls, the cap');

-- The team, the same way.
select dblink_exec('a', 'begin') as s \gset
select p from dblink('a', format($q$select switchboard.pause_queue(%L, 'two', team_id => %L)::text$q$, :'o', :'t')) as x(p text) \gset
select dblink_send_query('b', format($q$select coalesce(test.error_of(%L)->>'sqlstate', 'ok')$q$,
                                    format($q$select switchboard.pause_queue(%L, 'three', team_id => %L)$q$, :'o', :'t'))) as sent \gset
select pg_sleep(0.3);
select is(dblink_is_busy('b'), 1, 'a team''s second new control waits for the first');
select dblink_exec('a', 'commit') as s \gset
select is((select r from dblink_get_result('b') as x(r text)), 'SB429', 'and is refused throttled');
select count(*) as rest from dblink_get_result('b') as x(r text) \gset
select n from dblink('setup', format($q$select count(*)::int from switchboard.queue_controls where holder_id = %L$q$, :'t')) as x(n int) \gset
select is(:n, 1000, 'the team holds 1000 controls, the cap');

-- Another holder's new control never waits for this one's: a holds a new control of the owner open, b (with
-- lock_timeout 5 s) adds one for an owner of its own at once.
select o2 from dblink('setup', $q$select (switchboard.add_owner('capc-' || md5(random()::text))->>'owner_id')$q$) as x(o2 text) \gset
select dblink_exec('setup', format($q$delete from switchboard.queue_controls where holder_id = %L and queue = 'q1'$q$, :'o')) as s \gset
select dblink_exec('b', 'set lock_timeout = ''5s''') as s \gset
select dblink_exec('a', 'begin') as s \gset
select p from dblink('a', format($q$select switchboard.pause_queue(%L, 'q1')::text$q$, :'o')) as x(p text) \gset
select is((select r from dblink('b', format($q$select coalesce(test.error_of(%L)->>'sqlstate', 'ok')$q$,
                                           format($q$select switchboard.pause_queue(%L, 'mine')$q$, :'o2'))) as x(r text)),
          'ok', 'another owner''s new control goes ahead while this one''s is open');
select dblink_exec('a', 'rollback') as s \gset

select dblink_disconnect('a') as d \gset
select dblink_disconnect('b') as d \gset
select dblink_exec('setup', format($q$
  delete from switchboard.queue_controls where holder_id in (%1$L, %2$L, %3$L);
  delete from switchboard.team_members where team_id = %2$L;
  delete from switchboard.teams where id = %2$L;
  delete from switchboard.owners where id in (%1$L, %3$L)$q$, :'o', :'t', :'o2')) as deleted \gset
select dblink_disconnect('setup') as d \gset
select * from finish();
rollback;
