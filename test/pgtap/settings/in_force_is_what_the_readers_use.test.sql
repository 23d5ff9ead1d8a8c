-- What settings_in_force says is in force is what the code that reads the setting uses: as shipped, set to a value
-- of its range, and set to one it does not take (the default, used as settings_in_force says). Board sessions last
-- board_session_hours; webhook deliveries (dead-letter notices, doorbells) are tried notify_max_attempts times, each
-- end of the range used as it is.
begin;
select plan(12);

create function pg_temp.in_force(k text) returns integer language sql as $$
  select s.in_force::integer from switchboard.settings_in_force() s where s.key = k
$$;
create function pg_temp.session_hours() returns numeric language plpgsql as $$
declare
  v_h text := 'h' || substr(md5(random()::text), 1, 10);
begin
  perform switchboard.add_owner(v_h);
  return extract(epoch from ((switchboard.owner_sign_in(switchboard.owner_login_token(v_h)->>'login_token'))->>'expires_at')::timestamptz
                             - now())::numeric / 3600;
end;
$$;
create function pg_temp.notify_attempts() returns integer language plpgsql as $$
declare
  v_ep uuid := test.endpoint();
  v_td uuid := test.todo(v_ep, max_attempts => 1);
begin
  perform switchboard.set_instance_dead_letter_sink(true);
  perform switchboard.claim(v_ep, v_td);
  perform switchboard.fail(v_ep, v_td);
  return (select j.max_attempts from graphile_worker._private_jobs j
            join switchboard.deliveries d on d.id = (j.payload::jsonb->>'delivery_id')::uuid
           where d.todo_id = v_td limit 1);
end;
$$;

create function pg_temp.doorbell_attempts() returns integer language plpgsql as $$
declare
  v_ep uuid := test.endpoint();
begin
  perform test.set('webhook_allow_http', 'true');
  perform switchboard.set_endpoint_doorbell_url(test.owner_of(v_ep), v_ep, 'http://127.0.0.1:9/bell');
  perform test.todo(v_ep);
  return (select j.max_attempts from graphile_worker._private_jobs j
            join switchboard.deliveries d on d.id = (j.payload::jsonb->>'delivery_id')::uuid
           where d.endpoint_id = v_ep and d.kind = 'doorbell' limit 1);
end;
$$;

select is(pg_temp.session_hours(), pg_temp.in_force('board_session_hours')::numeric, 'as shipped: a session lasts the hours in force');
select is(pg_temp.notify_attempts(), pg_temp.in_force('notify_max_attempts'), 'as shipped: a delivery is tried the times in force');
insert into switchboard.settings (key, value) values ('board_session_hours', '3'), ('notify_max_attempts', '4')
  on conflict (key) do update set value = excluded.value;
select is(pg_temp.session_hours(), pg_temp.in_force('board_session_hours')::numeric, 'set: likewise');
select is(pg_temp.notify_attempts(), pg_temp.in_force('notify_max_attempts'), 'set: likewise');

insert into switchboard.settings (key, value) values ('board_session_hours', 'oops'), ('notify_max_attempts', '0')
  on conflict (key) do update set value = excluded.value;
select is(pg_temp.session_hours(), pg_temp.in_force('board_session_hours')::numeric, 'not a number: the default in force, and used');
select is(pg_temp.notify_attempts(), pg_temp.in_force('notify_max_attempts'), 'out of range: the default in force, and used');

insert into switchboard.settings (key, value) values ('board_session_hours', '1'), ('notify_max_attempts', '1')
  on conflict (key) do update set value = excluded.value;
select is(pg_temp.session_hours(), 1::numeric, 'the lowest value of the range is used as it is');
select is(pg_temp.notify_attempts(), 1, 'likewise by a dead-letter notice');
select is(pg_temp.doorbell_attempts(), 1, 'and by a doorbell');
insert into switchboard.settings (key, value) values ('board_session_hours', '720'), ('notify_max_attempts', '100')
  on conflict (key) do update set value = excluded.value;
select is(pg_temp.session_hours(), 720::numeric, 'so is the highest');
select is(pg_temp.notify_attempts(), 100, 'likewise by a dead-letter notice');
select is(pg_temp.doorbell_attempts(), 100, 'and by a doorbell');

select * from finish();
rollback;
