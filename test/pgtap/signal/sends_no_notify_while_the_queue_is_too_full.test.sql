-- Any login may LISTEN and then sit in an open transaction: PostgreSQL then keeps every notification sent after it,
-- and a NOTIFY into a full queue (8 GB) fails its transaction. So Switchboard sends none of its own while the queue is
-- at least notify_queue_max_percent full, and the add that would have rung commits all the same. Here a stuck
-- listener and a flood of 20,000 notifications of 8 kB (one transaction, as any login could send) fill ~2 %; with the
-- setting at 1, an add commits and rings nothing; at the default (50) it rings. A listener on the doorbell channel
-- reads until a marker sent after each add, so a ring sent before the marker would have been read. Sessions over
-- dblink; what they committed is deleted at the end.
begin;
select plan(5);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('stuck', test.conninfo()) as stuck \gset
select dblink_connect('l', test.conninfo()) as l \gset
select ep from dblink('a', 'select test.endpoint(handle => ''notify-'' || md5(random()::text))::text') as x(ep text) \gset
select dblink_exec('l', 'listen switchboard_doorbell') as listening \gset
-- Rings the doorbell channel has carried (other than markers) until the marker m arrives on it.
create function pg_temp.rings_before(m text) returns integer language plpgsql as $$
declare
  v_rings integer := 0;
  v_n record;
begin
  perform dblink_exec('a', format('notify switchboard_doorbell, %L', m));
  loop
    for v_n in select * from dblink_get_notify('l') loop
      if v_n.extra = m then
        return v_rings;
      end if;
      v_rings := v_rings + 1;
    end loop;
    perform pg_sleep(0.01);
  end loop;
end $$;
select is(pg_temp.rings_before('m0'), 0, 'the listener hears the marker, and nothing before it');

select dblink_exec('stuck', 'listen switchboard_test_flood') as stuck_listening \gset
select dblink_exec('stuck', 'begin') as stuck_began \gset
select dblink_exec('stuck', 'set local application_name = ''stuck''') as stuck_in_a_transaction \gset
select flooded from dblink('a', $q$select count(pg_notify('switchboard_test_flood', g::text || repeat('y', 7990)))::text
                                     from generate_series(1, 20000) g$q$) as x(flooded text) \gset
select cmp_ok(pg_notification_queue_usage(), '>=', 0.01::double precision, 'the flood fills at least 1 % of the queue');

select dblink_exec('a', $q$insert into switchboard.settings (key, value) values ('notify_queue_max_percent', '1')$q$) as set1 \gset
select added from dblink('a', format($q$select (switchboard.add_todo(%L, 'q') ->> 'state')$q$, :'ep')) as x(added text) \gset
select is(:'added'::text, 'pending', 'at the setting''s 1 %, an add commits');
select is(pg_temp.rings_before('m1'), 0, 'and rings nothing');

select dblink_exec('a', $q$delete from switchboard.settings where key = 'notify_queue_max_percent'$q$) as reset \gset
select added from dblink('a', format($q$select (switchboard.add_todo(%L, 'q') ->> 'state')$q$, :'ep')) as x(added text) \gset
select is(pg_temp.rings_before('m2'), 1, 'at the default 50 %, the same add rings');

select dblink_exec('stuck', 'rollback') as unstuck \gset
select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('stuck') as ds \gset
select dblink_disconnect('l') as dl \gset
select dblink_disconnect('a') as da \gset
select * from finish();
rollback;
